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

    public static final ConfigOption<Integer> MAX_RUNNING_STATEMENTS =
            key("sluice.security.user.max-running-statements")
                    .intType()
                    .defaultValue(16)
                    .withDescription(
                            "Statements one authenticated user may have running at once, over all their sessions: from"
                                    + " execute until the result is read to its end or closed; one more is refused with SQLState 53000."
                                    + " Without authentication it does not apply.");

    private UserLimitOptions() {}
}
