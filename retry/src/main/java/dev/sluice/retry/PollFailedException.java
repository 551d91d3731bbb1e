package dev.sluice.retry;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * A {@link ResultPoller} stopped without a ready result; the message states how many polls were made and how long
 * it took. The caller should end the work it was waiting for (cancel the job).
 */
public abstract sealed class PollFailedException extends RuntimeException
        permits RetryExhaustedException, DeadlineExceededException, PollInterruptedException {
    private static final long serialVersionUID = 1L;

    private final int attempts;
    private final Duration elapsed;

    PollFailedException(String message, int attempts, Duration elapsed, @Nullable Throwable cause) {
        super(message, cause);
        this.attempts = attempts;
        this.elapsed = requireNonNull(elapsed, "elapsed is null");
    }

    /** Polls made, the first included. */
    public int attempts() {
        return attempts;
    }

    /** Time from the start of the first poll until the poller gave up. */
    public Duration elapsed() {
        return elapsed;
    }

    static String outcome(String what, int attempts, Duration elapsed) {
        requireNonNull(what, "what is null");
        return "after " + Attempts.count(attempts) + " in " + TimeFormat.elapsed(elapsed) + ": " + what + " not ready";
    }
}
