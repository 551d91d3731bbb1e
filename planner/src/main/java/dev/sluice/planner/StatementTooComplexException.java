package dev.sluice.planner;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A statement with an expression larger than the planner takes; refused before any parser sees it. */
public final class StatementTooComplexException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    StatementTooComplexException(String message) {
        super(message);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.STATEMENT_TOO_COMPLEX;
    }
}
