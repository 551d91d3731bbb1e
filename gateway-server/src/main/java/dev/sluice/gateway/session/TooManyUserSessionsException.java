package dev.sluice.gateway.session;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.config.UserLimitOptions;
import dev.sluice.gateway.security.GatewayUser;

/** The user already holds as many open sessions as one user may. */
public final class TooManyUserSessionsException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    TooManyUserSessionsException(GatewayUser user, int limit) {
        super("User " + user + " already has " + limit + " open connections, the limit set by "
                + UserLimitOptions.MAX_SESSIONS.key() + "; close idle connections or raise the limit");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.USER_LIMIT_REACHED;
    }
}
