package dev.sluice.gateway.session;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * A connection id that names a connection already open. The message does not repeat the id: whoever sent it knows
 * it, and ids are not to be echoed where they might be logged.
 */
public final class DuplicateConnectionException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    DuplicateConnectionException() {
        super("A connection with this id is already open; a new connection needs an id of its own");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.DUPLICATE_CONNECTION;
    }
}
