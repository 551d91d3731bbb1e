package dev.sluice.gateway.session;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.config.SessionOptions;

/** The gateway already holds as many sessions as it allows. */
public final class TooManySessionsException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    TooManySessionsException(int limit) {
        super("The gateway already has " + limit + " open connections, the limit set by "
                + SessionOptions.MAX_SESSIONS.key() + "; close idle connections or raise the limit");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.TOO_MANY_CONNECTIONS;
    }
}
