package dev.sluice.retry;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

import java.time.Duration;

/**
 * The polling thread was interrupted while waiting: {@code Interrupted after 3 attempts in 20 ms: result not ready}.
 * The thread's interrupt flag is set again before this is thrown.
 */
public final class PollInterruptedException extends PollFailedException implements SluiceError {
    private static final long serialVersionUID = 1L;

    /** @param what the thing awaited, as in {@code "<what> not ready"} */
    public PollInterruptedException(String what, int attempts, Duration elapsed, InterruptedException cause) {
        super("Interrupted " + outcome(what, attempts, elapsed), attempts, elapsed, cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.STATEMENT_CANCELED;
    }
}
