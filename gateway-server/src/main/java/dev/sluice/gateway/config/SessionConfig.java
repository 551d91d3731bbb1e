package dev.sluice.gateway.config;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static dev.sluice.gateway.config.SessionOptions.IDLE_TIMEOUT;
import static dev.sluice.gateway.config.SessionOptions.MAX_MATERIALIZED_ROWS;
import static dev.sluice.gateway.config.SessionOptions.MAX_SESSIONS;
import static dev.sluice.gateway.config.SessionOptions.QUERY_TIMEOUT;
import static java.util.Objects.requireNonNull;

/** Limits of gateway sessions, validated. */
public record SessionConfig(int maxSessions, Duration idleTimeout, int maxMaterializedRows, Duration queryTimeout) {
    public SessionConfig {
        requireNonNull(idleTimeout, "idleTimeout is null");
        requireNonNull(queryTimeout, "queryTimeout is null");
        Checks.check(
                !queryTimeout.isNegative(),
                "%s must not be negative (0 means no limit), was %s",
                QUERY_TIMEOUT.key(),
                queryTimeout);
        Checks.check(maxSessions >= 1, "%s must be at least 1, was %s", MAX_SESSIONS.key(), maxSessions);
        Checks.check(
                idleTimeout.compareTo(Duration.ofSeconds(1)) >= 0,
                "%s must be at least 1 s, was %s",
                IDLE_TIMEOUT.key(),
                idleTimeout);
        Checks.check(
                maxMaterializedRows >= 1,
                "%s must be at least 1, was %s",
                MAX_MATERIALIZED_ROWS.key(),
                maxMaterializedRows);
    }

    public static SessionConfig from(ReadableConfig config) {
        return new SessionConfig(
                config.get(MAX_SESSIONS),
                config.get(IDLE_TIMEOUT),
                config.get(MAX_MATERIALIZED_ROWS),
                config.get(QUERY_TIMEOUT));
    }
}
