package dev.sluice.jdbc.transport;

import dev.sluice.jdbc.errors.SqlStates;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * How long the requests of one JDBC connection wait for the gateway, and whether one was abandoned for waiting too
 * long. Shared by the connection's Avatica client, its Sluice requests and its session link; thread-safe.
 *
 * <p>A request the gateway answers at once (open and close, sync, metadata, prepare, close statement, commit, cancel)
 * waits at most the network timeout ({@code Connection.setNetworkTimeout}) if set, else {@code request_timeout_ms}:
 * no healthy gateway takes that long. An execute or a fetch, which the gateway holds until the query's rows exist,
 * waits at most the network timeout if set, else the statement's {@code setQueryTimeout} and
 * {@value #PAST_QUERY_TIMEOUT_SECONDS} s more (the gateway itself ends the query at its timeout and answers: only a
 * gateway that went silent lets the driver's bound run out), else as long as the query runs. A connection that
 * abandoned a request no longer knows the state of its session, so it is closed: later requests fail at once.
 */
public final class RequestTimeouts {
    /** How long past its statement's query timeout a held request waits: the gateway's cancel and answer take less. */
    static final int PAST_QUERY_TIMEOUT_SECONDS = 5;

    // the query timeout of the statement whose execute or fetch this thread sends now (QueryTimeoutScope); the
    // transport is handed only a request's bytes
    private static final ThreadLocal<Duration> HELD_FOR_QUERY_TIMEOUT = new ThreadLocal<>();

    private final Duration requestTimeout;
    private volatile Duration networkTimeout = Duration.ZERO;
    private volatile @Nullable String abandonedBecause;

    /** @param requestTimeout the bound of requests the gateway answers at once ({@code request_timeout_ms}) */
    public RequestTimeouts(Duration requestTimeout) {
        this.requestTimeout = requireNonNull(requestTimeout, "requestTimeout is null");
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("request_timeout_ms must be positive, was " + requestTimeout.toMillis());
        }
    }

    /**
     * Sets {@code Connection.setNetworkTimeout}: the longest any request waits; zero for the defaults.
     *
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public void setNetworkTimeout(Duration timeout) {
        requireNonNull(timeout, "timeout is null");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException(
                    "The network timeout must be 0 ms or more, was " + timeout.toMillis() + " ms");
        }
        networkTimeout = timeout;
    }

    /** {@code Connection.getNetworkTimeout}: zero when not set. */
    public Duration networkTimeout() {
        return networkTimeout;
    }

    /**
     * Runs the requests this thread sends until the scope is closed for a statement with query timeout {@code
     * queryTimeout} ({@code setQueryTimeout}; zero for none): its execute and fetch requests wait at most that long and
     * {@value #PAST_QUERY_TIMEOUT_SECONDS} s more.
     */
    public static QueryTimeoutScope forQueryTimeout(Duration queryTimeout) {
        requireNonNull(queryTimeout, "queryTimeout is null");
        Duration outer = HELD_FOR_QUERY_TIMEOUT.get();
        if (queryTimeout.isZero() || queryTimeout.isNegative()) {
            HELD_FOR_QUERY_TIMEOUT.remove();
        } else {
            HELD_FOR_QUERY_TIMEOUT.set(queryTimeout);
        }
        return () -> {
            if (outer == null) {
                HELD_FOR_QUERY_TIMEOUT.remove();
            } else {
                HELD_FOR_QUERY_TIMEOUT.set(outer);
            }
        };
    }

    /** The requests of one statement's call, sent by one thread; closing it ends the statement's bound there. */
    @FunctionalInterface
    public interface QueryTimeoutScope extends AutoCloseable {
        @Override
        void close();
    }

    /** How long request {@code name} ({@link AvaticaRequestNames}) may wait; empty for as long as it takes. */
    Optional<Duration> findBound(String name) {
        Duration network = networkTimeout;
        if (!network.isZero()) {
            return Optional.of(network);
        }
        if (!AvaticaRequestNames.held(name)) {
            return Optional.of(requestTimeout);
        }
        Duration queryTimeout = HELD_FOR_QUERY_TIMEOUT.get();
        return queryTimeout == null
                ? Optional.empty()
                : Optional.of(queryTimeout.plusSeconds(PAST_QUERY_TIMEOUT_SECONDS));
    }

    /** How long a request that the gateway answers at once may wait. */
    Duration promptBound() {
        Duration network = networkTimeout;
        return network.isZero() ? requestTimeout : network;
    }

    /**
     * Records that request {@code name} to {@code address} got no answer within {@code bound}, and returns the failure
     * to throw: SQLState 08006.
     */
    RuntimeException abandon(String address, String name, Duration bound) {
        String because = "the Sluice gateway at " + address + " did not answer " + name + " within " + bound.toMillis()
                + " ms (" + boundSetting(name) + ")";
        abandon(because);
        return TransportFailures.of(
                SqlStates.CONNECTION_FAILURE, "The" + because.substring("the".length()) + "; the connection is closed");
    }

    private String boundSetting(String name) {
        if (!networkTimeout.isZero()) {
            return "Connection.setNetworkTimeout";
        }
        Duration queryTimeout = HELD_FOR_QUERY_TIMEOUT.get();
        if (AvaticaRequestNames.held(name) && queryTimeout != null) {
            return "the statement's setQueryTimeout of " + queryTimeout.toSeconds() + " s, plus "
                    + PAST_QUERY_TIMEOUT_SECONDS + " s";
        }
        return "request_timeout_ms";
    }

    /** Records that a request was given up after waiting too long; the first reason stays. */
    private void abandon(String because) {
        if (abandonedBecause == null) {
            abandonedBecause = because;
        }
    }

    /** Why the connection gave up on a request, if it did: then it is closed. */
    public Optional<String> findAbandonment() {
        return Optional.ofNullable(abandonedBecause);
    }
}
