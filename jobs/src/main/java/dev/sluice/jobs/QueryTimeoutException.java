package dev.sluice.jobs;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.retry.PollFailedException;
import dev.sluice.retry.RetryExhaustedException;
import dev.sluice.retry.TimeFormat;

import java.time.Duration;

/**
 * A statement ended on the cluster because it waited too long: its {@code sluice.query.timeout} passed or the collect
 * strategy's attempts ran out. The job has been cancelled. SQLState {@code HYT00}.
 */
public final class QueryTimeoutException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    private QueryTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * The one wording of every timeout, whichever wait ran out: {@code "<what> after 7 polls of the cluster in
     * 1.2 s (sluice.query.timeout = 1 s); its job has been cancelled"}.
     *
     * @param what the wait that ran out, e.g. {@code "No further rows"}
     * @param timeout the limit that ran out when it was the time, not the attempts
     * @param elapsed how long the statement had waited in all
     */
    public static QueryTimeoutException of(
            String what, PollFailedException failure, String timeoutKey, Duration timeout, Duration elapsed) {
        String limit = failure instanceof RetryExhaustedException
                ? "all the attempts the collect strategy allows"
                : timeoutKey + " = " + TimeFormat.duration(timeout);
        return new QueryTimeoutException(
                what + " after " + failure.attempts() + " polls of the cluster in " + TimeFormat.elapsed(elapsed) + " ("
                        + limit + "); its job has been cancelled",
                failure);
    }

    /**
     * A wait of the gateway's own that ran out before the statement's job was its own to cancel: {@code "<what> in
     * 1.2 s (sluice.query.timeout = 1 s)"}.
     */
    public static QueryTimeoutException ofWait(
            String what, Throwable cause, String timeoutKey, Duration timeout, Duration elapsed) {
        return new QueryTimeoutException(
                what + " in " + TimeFormat.elapsed(elapsed) + " (" + timeoutKey + " = " + TimeFormat.duration(timeout)
                        + ")",
                cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.QUERY_TIMEOUT;
    }
}
