package dev.sluice.gateway.session;

import java.time.Duration;

/**
 * When a query must have delivered its rows: {@code sluice.query.timeout} after it started, or never.
 *
 * @param timeout zero for no limit
 */
record QueryDeadline(long startNanos, Duration timeout) {
    private static final Duration UNLIMITED = Duration.ofNanos(Long.MAX_VALUE);

    QueryDeadline {
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative, was " + timeout);
        }
    }

    boolean isLimited() {
        return !timeout.isZero();
    }

    /** Time left, at least 1 ns, or a practically infinite duration when there is no limit. */
    Duration remaining(long nowNanos) {
        if (!isLimited()) {
            return UNLIMITED;
        }
        long left = timeout.toNanos() - (nowNanos - startNanos);
        return Duration.ofNanos(Math.max(1, left));
    }

    Duration elapsed(long nowNanos) {
        return Duration.ofNanos(nowNanos - startNanos);
    }
}
