package dev.sluice.gateway.session;

import dev.sluice.gateway.security.GatewayUser;

import static java.util.Objects.requireNonNull;

/**
 * Sluice's cancel request ({@code POST /sluice/cancel}): cancels a statement's running job on behalf of the client that
 * owns the statement's connection. Avatica's protocol has no cancel, so the driver sends this beside it.
 */
@FunctionalInterface
public interface StatementCancellation {
    /**
     * Cancels statement {@code statementId} of connection {@code connectionId} for {@code user}, who must own the
     * connection (another user's is as absent as an unknown one); see {@link GatewayStatement#cancel()}.
     *
     * @throws NoSuchSessionException if the gateway has no such connection
     * @throws NoSuchStatementException if the connection has no such statement
     */
    void cancel(String connectionId, int statementId, GatewayUser user);

    /** Cancels statements of the sessions in {@code sessions}. */
    static StatementCancellation of(SessionRegistry sessions) {
        requireNonNull(sessions, "sessions is null");
        return (connectionId, statementId, user) -> sessions.requireOwned(connectionId, user)
                .requireStatement(statementId)
                .cancel();
    }
}
