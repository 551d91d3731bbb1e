package dev.sluice.retry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/** A nano clock that only moves when told to or when something sleeps on it; sleeping returns at once. */
final class FakeTime implements Sleeper, LongSupplier {
    // far from zero, so that code which forgets to subtract the start time shows it
    private long nanos = 1_000_000_000_000L;
    private final List<Duration> sleeps = new ArrayList<>();
    private int interruptedSleep;

    @Override
    public void sleep(Duration duration) throws InterruptedException {
        sleeps.add(duration);
        if (sleeps.size() == interruptedSleep) {
            throw new InterruptedException("interrupted by the test");
        }
        nanos += duration.toNanos();
    }

    @Override
    public long getAsLong() {
        return nanos;
    }

    void advance(Duration duration) {
        nanos += duration.toNanos();
    }

    /** Makes sleep number {@code sleep} (1 is the first) throw {@link InterruptedException}. */
    void interruptSleep(int sleep) {
        interruptedSleep = sleep;
    }

    List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }
}
