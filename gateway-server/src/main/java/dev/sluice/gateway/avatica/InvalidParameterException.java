package dev.sluice.gateway.avatica;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * A request argument or bound statement parameter that the gateway cannot use (SQLState 22023); the message names
 * it, the value and what is allowed.
 */
public final class InvalidParameterException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public InvalidParameterException(String message) {
        super(message);
    }

    public InvalidParameterException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.INVALID_PARAMETER_VALUE;
    }
}
