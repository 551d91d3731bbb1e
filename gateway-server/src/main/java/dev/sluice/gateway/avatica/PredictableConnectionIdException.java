package dev.sluice.gateway.avatica;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A connection id that is not a random UUID; see {@link ConnectionIds}. */
final class PredictableConnectionIdException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    PredictableConnectionIdException() {
        super("The connection id must be a random (version 4) UUID, as Avatica's clients send, so that no other"
                + " client can guess it");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.PREDICTABLE_CONNECTION_ID;
    }
}
