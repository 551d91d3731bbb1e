package dev.sluice.gateway.planning;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * A statement was cancelled ({@code Statement.cancel()}, or its client went away) while it waited for its session or
 * planned: it runs no job. SQLState {@code HY008}.
 */
public final class PlanningCanceledException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    PlanningCanceledException(int statementId) {
        super("Statement " + statementId + " was canceled before its planning ended; it runs no job");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.STATEMENT_CANCELED;
    }
}
