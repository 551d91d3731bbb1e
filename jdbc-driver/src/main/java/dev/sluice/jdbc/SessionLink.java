package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlExceptions;
import dev.sluice.jdbc.errors.SqlStates;
import dev.sluice.jdbc.transport.RequestTimeouts;
import dev.sluice.jdbc.transport.SessionRequests;
import dev.sluice.jdbc.transport.StatementProgressRequests;
import org.apache.calcite.avatica.AvaticaStatement;
import org.jspecify.annotations.Nullable;

import java.sql.SQLException;
import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * The driver's hold on one connection's session on the gateway: Sluice's requests beside Avatica's (cancel, a
 * statement's limits, ping), and whether the session is known to be gone (the gateway said so, or restarted).
 *
 * <p>A session lives in the gateway's memory, so once it is gone the connection is dead for good: it reports
 * {@code isClosed()} and every later call fails with SQLState 08003.
 */
final class SessionLink {
    /** Avatica's error code for a connection that the server does not have ({@code MISSING_CONNECTION_ERROR_CODE}). */
    static final int MISSING_CONNECTION_ERROR_CODE = 1;

    private final SessionRequests requests;
    private final RequestTimeouts timeouts;
    private final String url;
    // the connection's client info: the one state of a connection the driver keeps beside its session's
    private final ClientInfo clientInfo = new ClientInfo();
    private volatile @Nullable String goneBecause;

    /**
     * @param timeouts how long the connection's requests wait, shared with its transport
     * @param url the connection's URL as {@code DatabaseMetaData.getURL()} reports it
     */
    SessionLink(SessionRequests requests, RequestTimeouts timeouts, String url) {
        this.requests = requireNonNull(requests, "requests is null");
        this.timeouts = requireNonNull(timeouts, "timeouts is null");
        this.url = requireNonNull(url, "url is null");
    }

    /** The connection's URL, without secrets. */
    String url() {
        return url;
    }

    /** Requests of the statements' progress, to the same gateway as the session's. */
    StatementProgressRequests progressRequests() {
        return requests.progressRequests();
    }

    /** Sends {@code Statement.cancel()} to the gateway, where the statement's job runs. */
    void cancel(AvaticaStatement statement) throws SQLException {
        requests.cancel(statement.getId());
    }

    /**
     * Sends the statement's {@code setQueryTimeout} and {@code setMaxRows} to the gateway if they differ from
     * {@code sent}, the limits it last sent for the statement (or none).
     *
     * @return the limits the gateway now has for the statement
     */
    SentLimits syncLimits(AvaticaStatement statement, SentLimits sent) throws SQLException {
        SentLimits current = new SentLimits(statement.getQueryTimeout(), statement.getLargeMaxRows());
        if (!current.equals(sent)) {
            requests.limit(statement.getId(), Duration.ofSeconds(current.queryTimeoutSeconds()), current.maxRows());
        }
        return current;
    }

    /**
     * {@code Connection.isValid}: asks the gateway whether it still has the session, waiting at most
     * {@code timeoutSeconds} (0: as long as it takes).
     *
     * @throws SQLException 22023 if {@code timeoutSeconds} is negative, as JDBC requires
     */
    boolean isValid(int timeoutSeconds) throws SQLException {
        if (timeoutSeconds < 0) {
            throw SqlExceptions.of(
                    "isValid needs a timeout of 0 seconds or more, was " + timeoutSeconds,
                    SqlStates.INVALID_PARAMETER_VALUE,
                    0,
                    null);
        }
        if (isGone()) {
            return false;
        }
        Duration within = timeoutSeconds == 0 ? Duration.ofNanos(Long.MAX_VALUE) : Duration.ofSeconds(timeoutSeconds);
        return switch (requests.ping(within)) {
            case OPEN -> true;
            case GONE -> {
                markGone("the gateway no longer has its session (closed, expired after idling, or the gateway"
                        + " restarted)");
                yield false;
            }
            case UNKNOWN -> false;
        };
    }

    /**
     * {@code Connection.setNetworkTimeout}: the longest any later request of the connection waits for the gateway; 0
     * for the defaults ({@code request_timeout_ms}, and no limit for executes and fetches).
     *
     * @throws SQLException 22023 if {@code milliseconds} is negative
     */
    void setNetworkTimeout(int milliseconds) throws SQLException {
        if (milliseconds < 0) {
            throw SqlExceptions.of(
                    "setNetworkTimeout needs 0 ms or more, was " + milliseconds,
                    SqlStates.INVALID_PARAMETER_VALUE,
                    0,
                    null);
        }
        timeouts.setNetworkTimeout(Duration.ofMillis(milliseconds));
    }

    /** {@code Connection.getNetworkTimeout}: 0 when not set. */
    int networkTimeout() {
        return (int) timeouts.networkTimeout().toMillis();
    }

    /**
     * Whether the session is known to be gone from the gateway, or the connection gave up on a request: either way
     * the connection is closed.
     */
    boolean isGone() {
        if (goneBecause == null) {
            timeouts.findAbandonment().ifPresent(this::markGone);
        }
        return goneBecause != null;
    }

    /** Records that the session is gone; the first reason stays. */
    void markGone(String because) {
        if (goneBecause == null) {
            goneBecause = because;
        }
    }

    /** Learns from a failure of any call whether the gateway said the session is gone. */
    void learnFrom(SQLException failure) {
        if (SqlStates.NO_CONNECTION.equals(failure.getSQLState())
                && failure.getErrorCode() == MISSING_CONNECTION_ERROR_CODE) {
            markGone(String.valueOf(failure.getMessage()));
        }
    }

    /** The failure of a call on a connection whose session is gone. */
    SQLException goneFailure() {
        return SqlExceptions.of(
                "The connection is closed: " + goneBecause + "; open a new connection",
                SqlStates.NO_CONNECTION,
                0,
                null);
    }

    /**
     * The limits the driver last sent to the gateway for one statement.
     *
     * @param queryTimeoutSeconds {@code getQueryTimeout()}, 0 for none
     * @param maxRows {@code getLargeMaxRows()}, 0 for no limit
     */
    record SentLimits(int queryTimeoutSeconds, long maxRows) {
        /** What the gateway assumes for a statement it has been told nothing about. */
        static final SentLimits NONE = new SentLimits(0, 0);
    }

    /** The connection's client info. */
    ClientInfo clientInfo() {
        return clientInfo;
    }
}
