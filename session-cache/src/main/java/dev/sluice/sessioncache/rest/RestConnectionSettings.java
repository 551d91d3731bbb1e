package dev.sluice.sessioncache.rest;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/** How the pooled REST transport keeps its connections to a cluster's JobManager, validated. */
public record RestConnectionSettings(
        int maxConnectionsPerAddress, Duration idleTimeout, int ioThreads, ObjectMapperScope objectMapper) {
    public RestConnectionSettings {
        requireNonNull(idleTimeout, "idleTimeout is null");
        requireNonNull(objectMapper, "objectMapper is null");
        if (maxConnectionsPerAddress < 1 || maxConnectionsPerAddress > 4096) {
            throw new IllegalArgumentException(RestConnectionOptions.MAX_CONNECTIONS_PER_ADDRESS.key()
                    + " must be between 1 and 4096, was " + maxConnectionsPerAddress);
        }
        if (idleTimeout.compareTo(Duration.ofMillis(100)) < 0) {
            throw new IllegalArgumentException(RestConnectionOptions.CONNECTION_IDLE_TIMEOUT.key()
                    + " must be at least 100 ms, was " + idleTimeout);
        }
        if (ioThreads < 1 || ioThreads > 64) {
            throw new IllegalArgumentException(
                    RestConnectionOptions.IO_THREADS.key() + " must be between 1 and 64, was " + ioThreads);
        }
    }

    public static RestConnectionSettings defaults() {
        return new RestConnectionSettings(
                RestConnectionOptions.MAX_CONNECTIONS_PER_ADDRESS.defaultValue(),
                RestConnectionOptions.CONNECTION_IDLE_TIMEOUT.defaultValue(),
                RestConnectionOptions.IO_THREADS.defaultValue(),
                RestConnectionOptions.OBJECT_MAPPER.defaultValue());
    }

    public static RestConnectionSettings from(ReadableConfig config) {
        return new RestConnectionSettings(
                config.get(RestConnectionOptions.MAX_CONNECTIONS_PER_ADDRESS),
                config.get(RestConnectionOptions.CONNECTION_IDLE_TIMEOUT),
                config.get(RestConnectionOptions.IO_THREADS),
                config.get(RestConnectionOptions.OBJECT_MAPPER));
    }
}
