package dev.sluice.jdbc.transport;

import org.jspecify.annotations.Nullable;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * Asks the gateway how far a statement of one connection got: {@code GET /api/queries/CONNECTION/STATEMENT}, the
 * gateway's JSON of the newest statement that JDBC statement ran, over the connection's pool and with its
 * credentials (a user sees only their own statements).
 */
public final class StatementProgressRequests {
    private final String connectionId;
    private final GatewayConnectionPool pool;
    // polling is no request of the application's: a slow answer fails the poll, not the connection
    private final RequestTimeouts timeouts;
    private final @Nullable String authorization;

    StatementProgressRequests(
            String connectionId, GatewayConnectionPool pool, RequestTimeouts timeouts, @Nullable String authorization) {
        this.connectionId = requireNonNull(connectionId, "connectionId is null");
        this.timeouts = requireNonNull(timeouts, "timeouts is null");
        this.pool = requireNonNull(pool, "pool is null");
        this.authorization = authorization;
    }

    /**
     * The gateway's JSON of statement {@code statementId}; empty when it has run nothing yet.
     *
     * @throws Exception if the gateway cannot be reached, does not answer in time or answers otherwise
     */
    public Optional<String> fetch(int statementId) throws Exception {
        GatewayResponse response = pool.get(
                "/api/queries/" + URLEncoder.encode(connectionId, StandardCharsets.UTF_8) + "/" + statementId,
                authorization,
                timeouts.promptBound());
        if (response.status() == 404) {
            return Optional.empty();
        }
        if (response.status() != 200) {
            throw new IllegalStateException(
                    "The gateway answered " + response.status() + " for the progress: " + response.text());
        }
        return Optional.of(new String(response.body(), StandardCharsets.UTF_8));
    }
}
