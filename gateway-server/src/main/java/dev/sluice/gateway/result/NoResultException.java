package dev.sluice.gateway.result;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A fetch on a statement that has no open result, or at an offset that does not continue it. */
public final class NoResultException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public NoResultException(String message) {
        super(message);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.NO_OPEN_RESULT;
    }
}
