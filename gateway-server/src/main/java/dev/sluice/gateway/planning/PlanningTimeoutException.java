package dev.sluice.gateway.planning;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.retry.TimeFormat;

import java.time.Duration;

/**
 * A statement planned for longer than {@code sluice.query.max-planning-time}: its client is answered at once, and it
 * runs no job. SQLState {@code HYT00}.
 */
public final class PlanningTimeoutException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    PlanningTimeoutException(Duration bound) {
        super("Planning took longer than " + PlanningOptions.MAX_PLANNING_TIME.key() + " (" + TimeFormat.duration(bound)
                + "); the statement runs no job");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.PLANNING_TIMEOUT;
    }
}
