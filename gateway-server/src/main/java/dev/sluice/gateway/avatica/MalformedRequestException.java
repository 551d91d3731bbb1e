package dev.sluice.gateway.avatica;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import org.jspecify.annotations.Nullable;

/** A request body that is not a valid Avatica message in either protobuf or JSON. */
public final class MalformedRequestException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public MalformedRequestException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.MALFORMED_REQUEST;
    }
}
