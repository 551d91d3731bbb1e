package dev.sluice.gateway.config;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static dev.sluice.gateway.config.ServerOptions.FIRST_REQUEST_TIMEOUT;
import static dev.sluice.gateway.config.ServerOptions.HOST;
import static dev.sluice.gateway.config.ServerOptions.IDLE_TIMEOUT;
import static dev.sluice.gateway.config.ServerOptions.MAX_CONNECTIONS;
import static dev.sluice.gateway.config.ServerOptions.MAX_CONNECTIONS_PER_ADDRESS;
import static dev.sluice.gateway.config.ServerOptions.MAX_REQUEST_SIZE;
import static dev.sluice.gateway.config.ServerOptions.PORT;
import static dev.sluice.gateway.config.ServerOptions.REQUEST_TIMEOUT;
import static dev.sluice.gateway.config.ServerOptions.RPC_QUEUE_SIZE;
import static dev.sluice.gateway.config.ServerOptions.RPC_THREADS;
import static java.util.Objects.requireNonNull;

/** The gateway endpoint's settings, validated. */
public record ServerConfig(
        String host,
        int port,
        int rpcThreads,
        int rpcQueueSize,
        int maxRequestBytes,
        Duration idleTimeout,
        int maxConnections,
        Duration requestTimeout,
        Duration firstRequestTimeout,
        int maxConnectionsPerAddress) {
    public ServerConfig {
        requireNonNull(host, "host is null");
        requireNonNull(idleTimeout, "idleTimeout is null");
        requireNonNull(requestTimeout, "requestTimeout is null");
        requireNonNull(firstRequestTimeout, "firstRequestTimeout is null");
        Checks.check(!host.isBlank(), "%s must not be blank", HOST.key());
        Checks.check(port >= 0 && port <= 65535, "%s must be between 0 and 65535, was %s", PORT.key(), port);
        Checks.check(rpcThreads >= 1, "%s must be at least 1, was %s", RPC_THREADS.key(), rpcThreads);
        Checks.check(rpcQueueSize >= 0, "%s must be at least 0, was %s", RPC_QUEUE_SIZE.key(), rpcQueueSize);
        Checks.check(
                maxRequestBytes >= 1024,
                "%s must be at least 1kb, was %s bytes",
                MAX_REQUEST_SIZE.key(),
                maxRequestBytes);
        Checks.check(
                idleTimeout.compareTo(Duration.ofSeconds(1)) >= 0,
                "%s must be at least 1 s, was %s",
                IDLE_TIMEOUT.key(),
                idleTimeout);
        Checks.check(maxConnections >= 1, "%s must be at least 1, was %s", MAX_CONNECTIONS.key(), maxConnections);
        Checks.check(
                requestTimeout.compareTo(Duration.ofMillis(100)) >= 0,
                "%s must be at least 100 ms, was %s",
                REQUEST_TIMEOUT.key(),
                requestTimeout);
        Checks.check(
                firstRequestTimeout.compareTo(Duration.ofMillis(100)) >= 0,
                "%s must be at least 100 ms, was %s",
                FIRST_REQUEST_TIMEOUT.key(),
                firstRequestTimeout);
        Checks.check(
                maxConnectionsPerAddress >= 1,
                "%s must be at least 1, was %s",
                MAX_CONNECTIONS_PER_ADDRESS.key(),
                maxConnectionsPerAddress);
    }

    public static ServerConfig from(ReadableConfig config) {
        long maxRequest = config.get(MAX_REQUEST_SIZE).getBytes();
        Checks.check(
                maxRequest <= Integer.MAX_VALUE,
                "%s must be less than 2gb, was %s",
                MAX_REQUEST_SIZE.key(),
                config.get(MAX_REQUEST_SIZE));
        return new ServerConfig(
                config.get(HOST),
                config.get(PORT),
                config.get(RPC_THREADS),
                config.get(RPC_QUEUE_SIZE),
                (int) maxRequest,
                config.get(IDLE_TIMEOUT),
                config.get(MAX_CONNECTIONS),
                config.get(REQUEST_TIMEOUT),
                config.get(FIRST_REQUEST_TIMEOUT),
                config.get(MAX_CONNECTIONS_PER_ADDRESS));
    }
}
