package dev.sluice.gateway.config;

import org.apache.flink.configuration.ConfigOption;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Limits per authenticated user; reference: docs/configuration.md. */
public final class UserLimitOptions {
    public static final ConfigOption<Integer> MAX_SESSIONS = key("sluice.security.user.max-sessions")
            .intType()
            .defaultValue(64)
            .withDescription("Open sessions one authenticated user may hold at once; one more is refused with"
                    + " SQLState 08004. Without authentication only sluice.session.max-sessions applies.");

    private UserLimitOptions() {}
}
