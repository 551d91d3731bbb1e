package dev.sluice.gateway.history;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static dev.sluice.gateway.config.Checks.check;
import static dev.sluice.gateway.history.ClosedSessionHistoryOptions.MAX_ENTRIES;
import static dev.sluice.gateway.history.ClosedSessionHistoryOptions.MAX_ENTRIES_PER_USER;
import static dev.sluice.gateway.history.ClosedSessionHistoryOptions.RETENTION;
import static java.util.Objects.requireNonNull;

/**
 * What the gateway keeps of the statements of closed sessions, validated.
 *
 * @param retention how long a closed session's statements stay, from its close; zero keeps none
 * @param maxEntriesPerUser statements of closed sessions kept for one user at most
 * @param maxEntries statements of closed sessions kept for all users together at most
 */
public record ClosedSessionHistoryConfig(Duration retention, int maxEntriesPerUser, int maxEntries) {
    public ClosedSessionHistoryConfig {
        requireNonNull(retention, "retention is null");
        check(!retention.isNegative(), "%s must not be negative (0 keeps none), was %s", RETENTION.key(), retention);
        check(maxEntriesPerUser >= 1, "%s must be at least 1, was %s", MAX_ENTRIES_PER_USER.key(), maxEntriesPerUser);
        check(
                maxEntries >= maxEntriesPerUser,
                "%s must be at least %s (%s), was %s",
                MAX_ENTRIES.key(),
                MAX_ENTRIES_PER_USER.key(),
                maxEntriesPerUser,
                maxEntries);
    }

    /** Keeps nothing: for sessions made outside a gateway (tests, tools). */
    public static ClosedSessionHistoryConfig none() {
        return new ClosedSessionHistoryConfig(Duration.ZERO, 1, 1);
    }

    public static ClosedSessionHistoryConfig from(ReadableConfig config) {
        return new ClosedSessionHistoryConfig(
                config.get(RETENTION), config.get(MAX_ENTRIES_PER_USER), config.get(MAX_ENTRIES));
    }
}
