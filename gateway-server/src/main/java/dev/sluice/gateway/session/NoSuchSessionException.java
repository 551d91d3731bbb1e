package dev.sluice.gateway.session;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A request names a session that the gateway does not have: never opened, closed, or expired when idle. */
public final class NoSuchSessionException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    NoSuchSessionException(String sessionId) {
        super("Connection " + sessionId + " is not open on this gateway (closed, expired after idling, or the gateway"
                + " restarted); open a new connection");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.NO_SUCH_CONNECTION;
    }
}
