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
 * waits at most the network timeout if set, else as long as the query runs (the gateway ends it at the statement's
 * {@code setQueryTimeout}). A connection that abandoned a request no longer knows the state of its session, so it
 * is closed: later requests fail at once.
 */
public final class RequestTimeouts {
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

    /** How long request {@code name} ({@link AvaticaRequestNames}) may wait; empty for as long as it takes. */
    Optional<Duration> findBound(String name) {
        Duration network = networkTimeout;
        if (!network.isZero()) {
            return Optional.of(network);
        }
        return AvaticaRequestNames.held(name) ? Optional.empty() : Optional.of(requestTimeout);
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
                + " ms (" + boundSetting() + ")";
        abandon(because);
        return TransportFailures.of(
                SqlStates.CONNECTION_FAILURE, "The" + because.substring("the".length()) + "; the connection is closed");
    }

    private String boundSetting() {
        return networkTimeout.isZero() ? "request_timeout_ms" : "Connection.setNetworkTimeout";
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
