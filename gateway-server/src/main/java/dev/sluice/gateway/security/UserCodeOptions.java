package dev.sluice.gateway.security;

import org.apache.flink.configuration.ConfigOption;

import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of user code (jars and functions from jars); reference: docs/configuration.md. */
public final class UserCodeOptions {
    public static final ConfigOption<List<String>> ALLOWED_LOCATIONS =
            key("sluice.security.user-code.allowed-locations")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Directories (absolute paths) and URL prefixes from which ADD JAR and functions USING JAR"
                                    + " may load code, which Flink's planner runs inside the gateway; empty refuses them all with"
                                    + " SQLState 42501.");

    private UserCodeOptions() {}
}
