package dev.sluice.retry;

/** Checks and words for attempt counts, shared by the strategies and the poller's errors. */
final class Attempts {
    private Attempts() {}

    /** Returns {@code attempt}, the number of a retry (1 is the first retry). */
    static int requireRetryNumber(int attempt) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be at least 1, was " + attempt);
        }
        return attempt;
    }

    /** {@code 1 attempt}, {@code 5 attempts}. */
    static String count(int attempts) {
        return attempts == 1 ? "1 attempt" : attempts + " attempts";
    }

    /** A strategy's limit: {@code unbounded attempts} for {@link CollectStrategy#UNBOUNDED_ATTEMPTS}, else a count. */
    static String limit(int maxAttempts) {
        return maxAttempts == CollectStrategy.UNBOUNDED_ATTEMPTS ? "unbounded attempts" : count(maxAttempts);
    }
}
