package dev.sluice.gateway.session;

import dev.sluice.gateway.config.SessionOptions;

/** The gateway already holds as many sessions as it allows. */
public final class TooManySessionsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooManySessionsException(int limit) {
        super("The gateway already has " + limit + " open connections, the limit set by "
                + SessionOptions.MAX_SESSIONS.key() + "; close idle connections or raise the limit");
    }
}
