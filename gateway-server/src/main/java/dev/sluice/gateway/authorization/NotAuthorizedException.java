package dev.sluice.gateway.authorization;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** The rules grant the user no privilege for what the statement would do; nothing ran. */
public final class NotAuthorizedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    NotAuthorizedException(String message) {
        super(message);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.NOT_AUTHORIZED;
    }
}
