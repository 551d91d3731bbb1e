package dev.sluice.gateway.settings;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A {@code SET} with a value the option does not accept; the message names the option and what is allowed. */
public final class InvalidOptionValueException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    InvalidOptionValueException(String message) {
        super(message);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.INVALID_PARAMETER_VALUE;
    }
}
