package dev.sluice.gateway.statement;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A request names a statement that its session does not have (never created, or closed). */
public final class NoSuchStatementException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public NoSuchStatementException(String sessionId, int statementId) {
        super("Statement " + statementId + " does not exist in session " + sessionId + " (closed or never created)");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.NO_SUCH_STATEMENT;
    }
}
