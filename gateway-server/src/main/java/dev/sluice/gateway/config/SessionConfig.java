package dev.sluice.gateway.config;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static dev.sluice.gateway.config.SessionOptions.HISTORY_MAX_SIZE;
import static dev.sluice.gateway.config.SessionOptions.HISTORY_MAX_STATEMENT_LENGTH;
import static dev.sluice.gateway.config.SessionOptions.IDLE_TIMEOUT;
import static dev.sluice.gateway.config.SessionOptions.MAX_MATERIALIZED_BYTES;
import static dev.sluice.gateway.config.SessionOptions.MAX_MATERIALIZED_ROWS;
import static dev.sluice.gateway.config.SessionOptions.MAX_SESSIONS;
import static dev.sluice.gateway.config.SessionOptions.MAX_STATEMENT_LENGTH;
import static dev.sluice.gateway.config.SessionOptions.QUERY_TIMEOUT;
import static dev.sluice.gateway.config.SessionOptions.RESULT_IDLE_TIMEOUT;
import static java.util.Objects.requireNonNull;

/**
 * Limits of gateway sessions, validated.
 *
 * @param historyMaxBytes how much statement text one session's query history holds, at two bytes a character
 * @param maxMaterializedBytes how much a folded changelog may hold, as estimated from its values
 */
public record SessionConfig(
        int maxSessions,
        Duration idleTimeout,
        int maxMaterializedRows,
        Duration queryTimeout,
        int maxStatementLength,
        int historyMaxBytes,
        int historyMaxStatementLength,
        Duration resultIdleTimeout,
        long maxMaterializedBytes) {
    /** The limits with the default bound on a folded changelog's bytes. */
    public SessionConfig(
            int maxSessions,
            Duration idleTimeout,
            int maxMaterializedRows,
            Duration queryTimeout,
            int maxStatementLength,
            int historyMaxBytes,
            int historyMaxStatementLength,
            Duration resultIdleTimeout) {
        this(
                maxSessions,
                idleTimeout,
                maxMaterializedRows,
                queryTimeout,
                maxStatementLength,
                historyMaxBytes,
                historyMaxStatementLength,
                resultIdleTimeout,
                MAX_MATERIALIZED_BYTES.defaultValue().getBytes());
    }

    public SessionConfig {
        requireNonNull(resultIdleTimeout, "resultIdleTimeout is null");
        Checks.check(
                resultIdleTimeout.compareTo(Duration.ofSeconds(1)) >= 0,
                "%s must be at least 1 s, was %s",
                RESULT_IDLE_TIMEOUT.key(),
                resultIdleTimeout);
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
        Checks.check(
                maxMaterializedBytes >= 1024,
                "%s must be at least 1kb, was %s bytes",
                MAX_MATERIALIZED_BYTES.key(),
                maxMaterializedBytes);
        Checks.check(
                maxStatementLength >= 1,
                "%s must be at least 1, was %s",
                MAX_STATEMENT_LENGTH.key(),
                maxStatementLength);
        Checks.check(
                historyMaxBytes >= 1024,
                "%s must be at least 1kb, was %s bytes",
                HISTORY_MAX_SIZE.key(),
                historyMaxBytes);
        Checks.check(
                historyMaxStatementLength >= 16,
                "%s must be at least 16, was %s",
                HISTORY_MAX_STATEMENT_LENGTH.key(),
                historyMaxStatementLength);
    }

    public static SessionConfig from(ReadableConfig config) {
        long historyBytes = config.get(HISTORY_MAX_SIZE).getBytes();
        Checks.check(
                historyBytes <= Integer.MAX_VALUE,
                "%s must be less than 2gb, was %s",
                HISTORY_MAX_SIZE.key(),
                config.get(HISTORY_MAX_SIZE));
        return new SessionConfig(
                config.get(MAX_SESSIONS),
                config.get(IDLE_TIMEOUT),
                config.get(MAX_MATERIALIZED_ROWS),
                config.get(QUERY_TIMEOUT),
                config.get(MAX_STATEMENT_LENGTH),
                (int) historyBytes,
                config.get(HISTORY_MAX_STATEMENT_LENGTH),
                config.get(RESULT_IDLE_TIMEOUT),
                config.get(MAX_MATERIALIZED_BYTES).getBytes());
    }
}
