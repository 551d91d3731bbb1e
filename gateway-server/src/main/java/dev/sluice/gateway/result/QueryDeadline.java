package dev.sluice.gateway.result;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * When a query must have delivered its rows: its timeout after it started, or never.
 *
 * @param timeout zero for no limit
 * @param setting where the timeout was set, for the message of a statement that runs out of time: the option
 *     {@code sluice.query.timeout} or {@link #STATEMENT_TIMEOUT}
 */
public record QueryDeadline(long startNanos, Duration timeout, String setting) {
    /** The setting of a timeout that the client set on its statement. */
    public static final String STATEMENT_TIMEOUT = "Statement.setQueryTimeout";

    private static final Duration UNLIMITED = Duration.ofNanos(Long.MAX_VALUE);

    public QueryDeadline {
        requireNonNull(setting, "setting is null");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative, was " + timeout);
        }
    }

    boolean isLimited() {
        return !timeout.isZero();
    }

    /** Time left, at least 1 ns, or a practically infinite duration when there is no limit. */
    public Duration remaining(long nowNanos) {
        if (!isLimited()) {
            return UNLIMITED;
        }
        long left = timeout.toNanos() - (nowNanos - startNanos);
        return Duration.ofNanos(Math.max(1, left));
    }

    public Duration elapsed(long nowNanos) {
        return Duration.ofNanos(nowNanos - startNanos);
    }
}
