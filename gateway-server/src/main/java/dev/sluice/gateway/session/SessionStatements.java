package dev.sluice.gateway.session;

import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.gateway.statement.NoSuchStatementException;
import dev.sluice.gateway.statement.PreparedSql;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * The open statements of one session, by id: created, found, closed, and closed for idleness. Ids are unique within
 * the session and never reused, so a late request for a closed statement cannot reach a newer one.
 */
final class SessionStatements {
    private static final Logger LOG = LoggerFactory.getLogger(SessionStatements.class);

    private final String sessionId;
    private final LongSupplier nanoTime;
    private final Map<Integer, GatewayStatement> open = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger();

    SessionStatements(String sessionId, LongSupplier nanoTime) {
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
        this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
    }

    GatewayStatement create() {
        return register(new GatewayStatement(nextId.getAndIncrement(), nanoTime));
    }

    GatewayStatement prepare(PreparedSql prepared) {
        return register(new GatewayStatement(nextId.getAndIncrement(), prepared, nanoTime));
    }

    private GatewayStatement register(GatewayStatement statement) {
        open.put(statement.id(), statement);
        return statement;
    }

    Optional<GatewayStatement> find(int statementId) {
        return Optional.ofNullable(open.get(statementId));
    }

    /** @throws NoSuchStatementException if there is no such open statement */
    GatewayStatement require(int statementId) {
        GatewayStatement statement = open.get(statementId);
        if (statement == null) {
            throw new NoSuchStatementException(sessionId, statementId);
        }
        return statement;
    }

    /** Closes a statement and its result; closing an unknown statement does nothing (JDBC close is idempotent). */
    void close(int statementId) {
        GatewayStatement statement = open.remove(statementId);
        if (statement != null) {
            statement.close();
        }
    }

    /** Closes every open statement, cancelling their running jobs. */
    void closeAll() {
        for (Integer statementId : new ArrayList<>(open.keySet())) {
            close(statementId);
        }
    }

    /** Closes the results that their clients have not read for {@code timeout}; returns how many. */
    int closeIdleResults(Duration timeout) {
        int closed = 0;
        for (GatewayStatement statement : open.values()) {
            if (statement.closeResultIfIdle(timeout)) {
                closed++;
                LOG.info(
                        "Session {}: the result of statement {} was not read for {}; closed it",
                        sessionId,
                        statement.id(),
                        timeout);
            }
        }
        return closed;
    }
}
