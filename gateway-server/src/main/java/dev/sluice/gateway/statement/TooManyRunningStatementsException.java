package dev.sluice.gateway.statement;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.config.UserLimitOptions;
import dev.sluice.gateway.security.GatewayUser;

/** The user already has as many statements running at once as one user may; the statement did not run. */
public final class TooManyRunningStatementsException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    TooManyRunningStatementsException(GatewayUser user, int limit) {
        super("User " + user + " already has " + limit + " statements running, the limit set by "
                + UserLimitOptions.MAX_RUNNING_STATEMENTS.key()
                + "; read their results to the end or close them, or raise the limit");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.USER_STATEMENT_LIMIT_REACHED;
    }
}
