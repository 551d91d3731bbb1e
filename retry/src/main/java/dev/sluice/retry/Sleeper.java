package dev.sluice.retry;

import java.time.Duration;

/** Waits between polls; injected so that tests advance a fake clock instead of sleeping. */
@FunctionalInterface
public interface Sleeper {
    /**
     * Blocks the calling thread for {@code duration}.
     *
     * @throws InterruptedException if the thread is interrupted while waiting
     */
    void sleep(Duration duration) throws InterruptedException;

    /** Sleeps with {@link Thread#sleep(long, int)}; an interrupt ends the sleep with {@link InterruptedException}. */
    static Sleeper system() {
        return duration -> Thread.sleep(duration.toMillis(), duration.toNanosPart() % 1_000_000);
    }
}
