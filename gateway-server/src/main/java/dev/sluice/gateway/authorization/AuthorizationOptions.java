package dev.sluice.gateway.authorization;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;
import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Who may do what with the tables of the shared catalogs, and who is an admin; reference: docs/configuration.md. */
public final class AuthorizationOptions {
    public static final ConfigOption<String> RULES_FILE = key("sluice.security.authorization.rules-file")
            .stringType()
            .defaultValue("")
            .withDescription("A YAML (or JSON) file of access rules for the tables of the catalogs in sluice.catalogs:"
                    + " admins, groups, and table rules of user, group, catalog, database and table patterns with"
                    + " privileges SELECT, INSERT, CREATE, DROP, OWNERSHIP (docs/security.md). The first rule that"
                    + " matches decides; none matching grants nothing. Read again on change. Empty: every user may do"
                    + " everything with those tables.");

    public static final ConfigOption<Duration> REFRESH_INTERVAL = key("sluice.security.authorization.refresh-interval")
            .durationType()
            .defaultValue(Duration.ofSeconds(5))
            .withDescription("How often the rules file is looked at; a change is used from the next statement. A file"
                    + " that no longer parses keeps the rules read before, with a warning.");

    public static final ConfigOption<List<String>> ADMINS = key("sluice.security.authorization.admins")
            .stringType()
            .asList()
            .defaultValues()
            .withDescription("Users who are admins, besides those the rules file names: they see and may cancel every"
                    + " user's queries, stop every job on the gateway's clusters (also one a gateway before a restart"
                    + " started), and see the clusters' Flink dashboard addresses.");

    private AuthorizationOptions() {}
}
