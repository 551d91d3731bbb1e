package dev.sluice.testing;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * Waits in tests for what happens on another thread (a close listener on an event loop, a cache eviction, a leader
 * election): retries an assertion until it passes or the time is up, then fails with the assertion's last error.
 * The one place where tests poll, so no test keeps its own deadline loop.
 */
public final class Eventually {
    private static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(20);

    private final Duration timeout;
    private final Duration pollInterval;

    private Eventually(Duration timeout, Duration pollInterval) {
        this.timeout = requireNonNull(timeout, "timeout is null");
        this.pollInterval = requireNonNull(pollInterval, "pollInterval is null");
    }

    /** Waits at most {@code timeout}, trying every 20 ms. */
    public static Eventually within(Duration timeout) {
        return new Eventually(timeout, DEFAULT_POLL_INTERVAL);
    }

    /** Tries every {@code interval}: for an assertion that costs something, such as a query on a cluster. */
    public Eventually pollingEvery(Duration interval) {
        return new Eventually(timeout, interval);
    }

    /** Runs {@code assertion} until it passes; after the timeout its last failure is thrown. */
    public void untilAsserted(ThrowingRunnable assertion) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                assertion.run();
                return;
            } catch (AssertionError e) {
                if (System.nanoTime() - deadline >= 0) {
                    e.addSuppressed(new AssertionError("still failing after " + timeout));
                    throw e;
                }
            }
            Thread.sleep(pollInterval.toMillis());
        }
    }

    /** An assertion that may throw any exception; only {@link AssertionError} is retried. */
    @FunctionalInterface
    public interface ThrowingRunnable {
        void run() throws Exception;
    }
}
