package dev.sluice.gateway.session;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.gateway.statement.NoSuchStatementException;
import dev.sluice.gateway.statement.StatementLimits;

import static java.util.Objects.requireNonNull;

/**
 * Sluice's requests beside the Avatica protocol, which has no way to say these: cancel a statement ({@code POST
 * /sluice/cancel}), set a statement's limits ({@code POST /sluice/limits}), and ask whether a connection is still open
 * ({@code POST /sluice/ping}). Each is made on behalf of the client that owns the connection: another user's connection
 * is as absent as an unknown one.
 */
public interface SessionControl {
    /**
     * Cancels statement {@code statementId} of connection {@code connectionId} for {@code user}; see
     * {@link GatewayStatement#cancel()}.
     *
     * @throws NoSuchSessionException if the gateway has no such connection
     * @throws NoSuchStatementException if the connection has no such statement
     */
    void cancel(String connectionId, int statementId, GatewayUser user);

    /**
     * Sets the limits of statement {@code statementId} of connection {@code connectionId} for {@code user}; they apply
     * from the statement's next execution on (see {@link GatewayStatement#limit}).
     *
     * @throws NoSuchSessionException if the gateway has no such connection
     * @throws NoSuchStatementException if the connection has no such statement
     */
    void limit(String connectionId, int statementId, StatementLimits limits, GatewayUser user);

    /**
     * Returns normally if {@code user}'s connection {@code connectionId} is open, and marks it used.
     *
     * @throws NoSuchSessionException if the gateway has no such connection
     */
    void requireOpen(String connectionId, GatewayUser user);

    /** Controls the sessions in {@code sessions}. */
    static SessionControl of(SessionRegistry sessions) {
        requireNonNull(sessions, "sessions is null");
        return new SessionControl() {
            @Override
            public void cancel(String connectionId, int statementId, GatewayUser user) {
                sessions.requireOwned(connectionId, user).cancelStatement(statementId);
            }

            @Override
            public void limit(String connectionId, int statementId, StatementLimits limits, GatewayUser user) {
                sessions.requireOwned(connectionId, user)
                        .requireStatement(statementId)
                        .limit(limits);
            }

            @Override
            public void requireOpen(String connectionId, GatewayUser user) {
                sessions.requireOwned(connectionId, user);
            }
        };
    }
}
