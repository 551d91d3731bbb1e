package dev.sluice.jdbc.transport;

import dev.sluice.jdbc.errors.SqlExceptions;
import dev.sluice.jdbc.errors.SqlStates;
import io.netty.channel.ConnectTimeoutException;
import org.jspecify.annotations.Nullable;

import java.net.ConnectException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeoutException;

import static java.util.Objects.requireNonNull;

/**
 * Sends Sluice's own requests for one connection, beside the Avatica protocol (which has no way to say these), over
 * the same pool as the connection's Avatica requests and with its credentials (only a session's owner may make them):
 *
 * <ul>
 *   <li>{@code POST /sluice/cancel?connection_id=...&statement_id=...}: the gateway cancels the statement's running
 *       job, and a fetch that waits for its rows fails with SQLState HY008;
 *   <li>{@code POST /sluice/limits?connection_id=...&statement_id=...&query_timeout_ms=...&max_rows=...}: the
 *       statement's {@code setQueryTimeout} and {@code setMaxRows}, which the gateway applies from its next execution;
 *   <li>{@code POST /sluice/ping?connection_id=...}: whether the gateway still has the connection's session.
 * </ul>
 */
public final class SessionRequests {
    /** What {@link #ping} learned of the connection's session. */
    public enum SessionState {
        /** The gateway answered that the session is open. */
        OPEN,
        /** The gateway answered that it has no such session, or nothing listens at its address any more. */
        GONE,
        /** No answer in time, or one that says nothing of the session. */
        UNKNOWN
    }

    private final String address;
    private final boolean tls;
    private final String connectionId;
    private final GatewayConnectionPool pool;
    private final RequestTimeouts timeouts;
    // the connection's own credentials: only a session's owner may make these requests
    private final @Nullable String authorization;

    private SessionRequests(
            String address,
            boolean tls,
            String connectionId,
            GatewayConnectionPool pool,
            RequestTimeouts timeouts,
            @Nullable String authorization) {
        this.address = requireNonNull(address, "address is null");
        this.timeouts = requireNonNull(timeouts, "timeouts is null");
        this.tls = tls;
        this.connectionId = requireNonNull(connectionId, "connectionId is null");
        this.pool = requireNonNull(pool, "pool is null");
        this.authorization = authorization;
    }

    /**
     * The requests of connection {@code connectionId} to the gateway at {@code host:port}, sending the connection's
     * credentials: its {@code bearerToken}, else the user and password of its Avatica {@code avaticaProperties}; each
     * waits for its answer as long as the connection's {@code timeouts} allow for a request answered at once.
     *
     * @throws SQLException 08001 if the transport cannot be set up (it was, for the connection itself)
     */
    public static SessionRequests of(
            String host,
            int port,
            TransportConfig config,
            String connectionId,
            RequestTimeouts timeouts,
            Properties avaticaProperties,
            @Nullable String bearerToken)
            throws SQLException {
        String address = (config.tls() ? "https://" : "http://") + host + ":" + port;
        try {
            return new SessionRequests(
                    address,
                    config.tls(),
                    connectionId,
                    GatewayTransports.shared().pool(host, port, config),
                    timeouts,
                    bearerToken != null
                            ? PooledAvaticaHttpClient.bearer(bearerToken)
                            : PooledAvaticaHttpClient.basicAuthorization(avaticaProperties));
        } catch (TransportSetupException e) {
            throw SqlExceptions.fromUnchecked(TransportFailures.fromFailure(address, config.tls(), e));
        }
    }

    /** Asks the same gateway, with the same connection and credentials, how far its statements got. */
    public StatementProgressRequests progressRequests() {
        return new StatementProgressRequests(connectionId, pool, timeouts, authorization);
    }

    /**
     * Cancels statement {@code statementId} on the gateway: its running job is cancelled and a waiting fetch ends.
     * Cancelling a statement that runs nothing does nothing.
     *
     * @throws SQLException 08003 if the gateway no longer has the connection or the statement, 08006 if the
     *     gateway cannot be reached or does not answer in time (then the connection is closed)
     */
    public void cancel(int statementId) throws SQLException {
        send("cancel", statementPath("/sluice/cancel", statementId), statementId);
    }

    /**
     * Sets the limits of statement {@code statementId} for its next executions on the gateway.
     *
     * @param queryTimeout the statement's query timeout ({@code setQueryTimeout}), zero for none of its own
     * @param maxRows the most rows of a result ({@code setMaxRows}), zero for no limit
     * @throws SQLException 08003 if the gateway no longer has the connection or the statement, 08006 if the
     *     gateway cannot be reached or does not answer in time (then the connection is closed)
     */
    public void limit(int statementId, Duration queryTimeout, long maxRows) throws SQLException {
        send(
                "set the limits of",
                statementPath("/sluice/limits", statementId) + "&query_timeout_ms=" + queryTimeout.toMillis()
                        + "&max_rows=" + maxRows,
                statementId);
    }

    /**
     * Asks the gateway whether it still has this connection's session, waiting no longer than {@code within}.
     * Sessions live in the gateway's memory, so where nothing listens at the gateway's address any more, the session
     * is gone with the gateway.
     */
    public SessionState ping(Duration within) {
        GatewayResponse response;
        try {
            response = pool.post(connectionPath("/sluice/ping"), new byte[0], authorization, within);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return SessionState.UNKNOWN;
        } catch (TimeoutException e) {
            return SessionState.UNKNOWN;
        } catch (Exception e) {
            return e instanceof ConnectException && !(e instanceof ConnectTimeoutException)
                    ? SessionState.GONE
                    : SessionState.UNKNOWN;
        }
        return switch (response.status()) {
            case 200 -> SessionState.OPEN;
            case 404 -> SessionState.GONE;
            default -> SessionState.UNKNOWN;
        };
    }

    private String connectionPath(String path) {
        return path + "?connection_id=" + URLEncoder.encode(connectionId, StandardCharsets.UTF_8);
    }

    private String statementPath(String path, int statementId) {
        return connectionPath(path) + "&statement_id=" + statementId;
    }

    private void send(String what, String path, int statementId) throws SQLException {
        GatewayResponse response;
        Duration bound = timeouts.promptBound();
        try {
            response = pool.post(path, new byte[0], authorization, bound);
        } catch (TimeoutException e) {
            throw SqlExceptions.fromUnchecked(timeouts.abandon(address, what + " statement " + statementId, bound));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SqlExceptions.of(
                    "Interrupted trying to " + what + " statement " + statementId + " at " + address,
                    SqlStates.CONNECTION_FAILURE,
                    0,
                    e);
        } catch (Exception e) {
            throw SqlExceptions.fromUnchecked(TransportFailures.fromFailure(address, tls, e));
        }
        if (response.status() == 200) {
            return;
        }
        String state = response.status() == 404 ? SqlStates.NO_CONNECTION : SqlStates.GENERAL_ERROR;
        throw SqlExceptions.of(
                "Cannot " + what + " statement " + statementId + " at " + address + ": " + response.text(),
                state,
                0,
                null);
    }
}
