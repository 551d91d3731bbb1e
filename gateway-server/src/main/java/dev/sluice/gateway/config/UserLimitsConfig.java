package dev.sluice.gateway.config;

import org.apache.flink.configuration.ReadableConfig;

/**
 * Limits per authenticated user.
 *
 * @param maxSessions open sessions one authenticated user may hold at once
 * @param maxRunningStatements statements one authenticated user may have running at once, over all their sessions
 */
public record UserLimitsConfig(int maxSessions, int maxRunningStatements) {
    public UserLimitsConfig {
        if (maxSessions < 1) {
            throw new IllegalArgumentException(
                    UserLimitOptions.MAX_SESSIONS.key() + " must be at least 1, was " + maxSessions);
        }
        if (maxRunningStatements < 1) {
            throw new IllegalArgumentException(
                    UserLimitOptions.MAX_RUNNING_STATEMENTS.key() + " must be at least 1, was " + maxRunningStatements);
        }
    }

    public static UserLimitsConfig from(ReadableConfig config) {
        return new UserLimitsConfig(
                config.get(UserLimitOptions.MAX_SESSIONS), config.get(UserLimitOptions.MAX_RUNNING_STATEMENTS));
    }
}
