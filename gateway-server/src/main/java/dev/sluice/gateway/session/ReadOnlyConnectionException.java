package dev.sluice.gateway.session;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.planner.StatementKind;

/** A statement that may write, on a connection the client set read-only; SQLState 25006. Nothing ran. */
public final class ReadOnlyConnectionException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    ReadOnlyConnectionException(StatementKind kind) {
        super("The connection is read-only (setReadOnly(true)), and a " + kind + " statement may write data or change"
                + " a catalog; it did not run. Call setReadOnly(false) to run it");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.READ_ONLY_CONNECTION;
    }
}
