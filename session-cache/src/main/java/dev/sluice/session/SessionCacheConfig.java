package dev.sluice.session;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/** Settings of the cluster client cache, validated. */
public record SessionCacheConfig(boolean reuse, Duration idleTimeout, int maxSize) {
    public SessionCacheConfig {
        requireNonNull(idleTimeout, "idleTimeout is null");
        if (idleTimeout.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException(
                    SessionCacheOptions.IDLE_TIMEOUT.key() + " must be at least 1 s, was " + idleTimeout);
        }
        if (maxSize < 1) {
            throw new IllegalArgumentException(
                    SessionCacheOptions.MAX_SIZE.key() + " must be at least 1, was " + maxSize);
        }
    }

    public static SessionCacheConfig from(ReadableConfig config) {
        return new SessionCacheConfig(
                config.get(SessionCacheOptions.REUSE),
                config.get(SessionCacheOptions.IDLE_TIMEOUT),
                config.get(SessionCacheOptions.MAX_SIZE));
    }
}
