package dev.sluice.retry;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

import java.time.Duration;

/** The strategy's attempts ran out: {@code Gave up after 5 attempts in 1.2 s: result not ready}. */
public final class RetryExhaustedException extends PollFailedException implements SluiceError {
    private static final long serialVersionUID = 1L;

    /** @param what the thing awaited, as in {@code "<what> not ready"} */
    public RetryExhaustedException(String what, int attempts, Duration elapsed) {
        super("Gave up " + outcome(what, attempts, elapsed), attempts, elapsed, null);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.QUERY_TIMEOUT;
    }
}
