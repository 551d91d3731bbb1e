package dev.sluice.gateway.session;

import static java.util.Objects.requireNonNull;

/**
 * Sluice's cancel request ({@code POST /sluice/cancel}): cancels a statement's running job on behalf of the client that
 * owns the statement's connection. Avatica's protocol has no cancel, so the driver sends this beside it.
 */
@FunctionalInterface
public interface StatementCancellation {
    /**
     * Cancels statement {@code statementId} of connection {@code connectionId}; see {@link GatewayStatement#cancel()}.
     *
     * @throws NoSuchSessionException if the gateway has no such connection
     * @throws NoSuchStatementException if the connection has no such statement
     */
    void cancel(String connectionId, int statementId);

    /** Cancels statements of the sessions in {@code sessions}. */
    static StatementCancellation of(SessionRegistry sessions) {
        requireNonNull(sessions, "sessions is null");
        return (connectionId, statementId) -> requireOwnedSession(sessions, connectionId)
                .requireStatement(statementId)
                .cancel();
    }

    /**
     * The one place that decides who may cancel: today whoever knows the connection id (a random UUID that only its
     * client has). When sessions have owners, this asks the registry to check the request's principal.
     */
    private static GatewaySession requireOwnedSession(SessionRegistry sessions, String connectionId) {
        return sessions.require(connectionId);
    }
}
