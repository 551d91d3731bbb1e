package dev.sluice.retry;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * The poll's deadline passed before the result was ready:
 * {@code Deadline of 1 s exceeded after 7 attempts in 1.0 s: result not ready}.
 */
public final class DeadlineExceededException extends PollFailedException implements SluiceError {
    private static final long serialVersionUID = 1L;

    private final Duration deadline;

    /** @param what the thing awaited, as in {@code "<what> not ready"} */
    public DeadlineExceededException(String what, Duration deadline, int attempts, Duration elapsed) {
        super(
                "Deadline of " + TimeFormat.duration(requireNonNull(deadline, "deadline is null")) + " exceeded "
                        + outcome(what, attempts, elapsed),
                attempts,
                elapsed,
                null);
        this.deadline = deadline;
    }

    public Duration deadline() {
        return deadline;
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.QUERY_TIMEOUT;
    }
}
