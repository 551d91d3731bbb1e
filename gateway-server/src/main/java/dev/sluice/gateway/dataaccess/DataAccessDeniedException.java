package dev.sluice.gateway.dataaccess;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A statement would declare, read or write what the gateway's data-access policy does not allow; nothing ran. */
public final class DataAccessDeniedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    DataAccessDeniedException(String message) {
        super(message);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.DATA_ACCESS_DENIED;
    }
}
