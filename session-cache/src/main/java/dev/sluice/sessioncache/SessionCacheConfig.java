package dev.sluice.sessioncache;

import dev.sluice.sessioncache.rest.RestConnectionSettings;
import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * Settings of the cluster client cache and its pooled REST connections, validated.
 *
 * @param pooledConnections whether reused clients send requests over {@link RestConnectionSettings pooled}
 *     keep-alive connections (only with {@code reuse})
 */
public record SessionCacheConfig(
        boolean reuse,
        Duration idleTimeout,
        int maxSize,
        boolean pooledConnections,
        RestConnectionSettings connections) {
    public SessionCacheConfig {
        requireNonNull(idleTimeout, "idleTimeout is null");
        requireNonNull(connections, "connections is null");
        if (idleTimeout.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException(
                    SessionCacheOptions.IDLE_TIMEOUT.key() + " must be at least 1 s, was " + idleTimeout);
        }
        if (maxSize < 1) {
            throw new IllegalArgumentException(
                    SessionCacheOptions.MAX_SIZE.key() + " must be at least 1, was " + maxSize);
        }
    }

    /** Reuse on or off with the default connection settings. */
    public SessionCacheConfig(boolean reuse, Duration idleTimeout, int maxSize) {
        this(reuse, idleTimeout, maxSize, true, RestConnectionSettings.defaults());
    }

    public static SessionCacheConfig from(ReadableConfig config) {
        return new SessionCacheConfig(
                config.get(SessionCacheOptions.REUSE),
                config.get(SessionCacheOptions.IDLE_TIMEOUT),
                config.get(SessionCacheOptions.MAX_SIZE),
                config.get(SessionCacheOptions.POOLED_CONNECTIONS),
                RestConnectionSettings.from(config));
    }
}
