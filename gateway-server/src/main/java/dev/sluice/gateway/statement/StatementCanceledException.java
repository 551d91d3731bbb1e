package dev.sluice.gateway.statement;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import org.jspecify.annotations.Nullable;

/** A fetch on a statement whose job was cancelled by the client ({@code Statement.cancel()}). */
public final class StatementCanceledException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    StatementCanceledException(int statementId) {
        this(statementId, null);
    }

    /** @param cause how the job's result ended once it was cancelled */
    StatementCanceledException(int statementId, @Nullable Throwable cause) {
        super("Statement " + statementId + " was canceled", cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.STATEMENT_CANCELED;
    }
}
