package dev.sluice.gateway.session;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * A rollback that cannot do what the client asks: with auto-commit off, statements wrote data since the last commit,
 * and Flink, which has no transactions, made each take effect when it ran. SQLState 25000 (invalid transaction state),
 * which pools do not take for a dead connection.
 */
public final class WritesNotUndoneException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public WritesNotUndoneException(int writes) {
        super(writes + (writes == 1 ? " statement" : " statements") + " wrote data since the last commit and took"
                + " effect when " + (writes == 1 ? "it" : "they") + " ran: Flink has no transactions, so rollback()"
                + " cannot undo " + (writes == 1 ? "it" : "them") + "; nothing was rolled back");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.WRITES_NOT_UNDONE;
    }
}
