package dev.sluice.jdbc.transport;

import dev.sluice.jdbc.errors.SqlExceptions;
import dev.sluice.jdbc.errors.SqlStates;
import org.jspecify.annotations.Nullable;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Properties;

import static java.util.Objects.requireNonNull;

/**
 * Sends Sluice's cancel request for the statements of one connection: {@code POST
 * /sluice/cancel?connection_id=...&statement_id=...} with an empty body, over the same pool as the connection's
 * Avatica requests (Avatica's protocol has no cancel). The gateway cancels the statement's running job, and a fetch that
 * waits for its rows fails with SQLState HY008.
 */
public final class StatementCanceller {
    /** The path of the cancel request on the gateway. */
    public static final String PATH = "/sluice/cancel";

    private final String address;
    private final String connectionId;
    private final GatewayConnectionPool pool;
    // the connection's own credentials: only a session's owner may cancel its statements
    private final @Nullable String authorization;

    private StatementCanceller(
            String address, String connectionId, GatewayConnectionPool pool, @Nullable String authorization) {
        this.address = requireNonNull(address, "address is null");
        this.connectionId = requireNonNull(connectionId, "connectionId is null");
        this.pool = requireNonNull(pool, "pool is null");
        this.authorization = authorization;
    }

    /**
     * A canceller for connection {@code connectionId} of the gateway at {@code host:port}, sending the connection's
     * credentials from its Avatica {@code avaticaProperties}.
     *
     * @throws SQLException 08001 if the transport cannot be set up (it was, for the connection itself)
     */
    public static StatementCanceller of(
            String host, int port, TransportConfig config, String connectionId, Properties avaticaProperties)
            throws SQLException {
        String address = (config.tls() ? "https://" : "http://") + host + ":" + port;
        try {
            return new StatementCanceller(
                    address,
                    connectionId,
                    GatewayTransports.shared().pool(host, port, config),
                    PooledAvaticaHttpClient.basicAuthorization(avaticaProperties));
        } catch (TransportSetupException e) {
            throw SqlExceptions.fromUnchecked(TransportFailures.fromFailure(address, config.tls(), e));
        }
    }

    /** Asks the same gateway, with the same connection and credentials, how far its statements got. */
    public StatementProgressRequests progressRequests() {
        return new StatementProgressRequests(connectionId, pool, authorization);
    }

    /**
     * Cancels statement {@code statementId} on the gateway: its running job is cancelled and a waiting fetch ends.
     * Cancelling a statement that runs nothing does nothing.
     *
     * @throws SQLException 08003 if the gateway no longer has the connection or the statement, 08006 if the
     *     gateway cannot be reached
     */
    public void cancel(int statementId) throws SQLException {
        String path = PATH + "?connection_id=" + URLEncoder.encode(connectionId, StandardCharsets.UTF_8)
                + "&statement_id=" + statementId;
        GatewayResponse response;
        try {
            response = pool.post(path, new byte[0], authorization);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SqlExceptions.of(
                    "Interrupted cancelling statement " + statementId + " at " + address,
                    SqlStates.CONNECTION_FAILURE,
                    0,
                    e);
        } catch (Exception e) {
            throw SqlExceptions.fromUnchecked(
                    TransportFailures.fromFailure(address, address.startsWith("https://"), e));
        }
        if (response.status() == 200) {
            return;
        }
        String state = response.status() == 404 ? SqlStates.NO_CONNECTION : SqlStates.GENERAL_ERROR;
        throw SqlExceptions.of(
                "Cannot cancel statement " + statementId + " at " + address + ": " + response.text(), state, 0, null);
    }
}
