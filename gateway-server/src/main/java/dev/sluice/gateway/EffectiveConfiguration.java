package dev.sluice.gateway;

import dev.sluice.gateway.tls.TlsOptions;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The configuration a gateway runs with, for the one log line at start: every key that was set, every Sluice option
 * at its default otherwise, and secrets hidden.
 */
public final class EffectiveConfiguration {
    static final String HIDDEN = "******";

    /**
     * Sluice's own secrets, hidden by name: Flink's rule ({@link GlobalConfiguration#isSensitive}) hides them today
     * because their keys contain "password", but a rename should not leak them.
     */
    private static final Set<String> SLUICE_SECRETS = Set.of(
            TlsOptions.PRIVATE_KEY_PASSWORD.key(),
            TlsOptions.KEYSTORE_PASSWORD.key(),
            TlsOptions.TRUSTSTORE_PASSWORD.key());

    private EffectiveConfiguration() {}

    /** Each key with its value, sorted by key; secrets read {@value #HIDDEN}. */
    public static Map<String, String> of(Configuration configuration) {
        Configuration effective = new Configuration(configuration);
        for (ConfigOption<?> option : SluiceOptionCatalog.fixedOptions()) {
            setDefault(effective, option);
        }
        Map<String, String> shown = new TreeMap<>();
        // toMap renders typed values the way they are written in sluice.yaml (durations as "5 min", lists with ';')
        effective.toMap().forEach((key, value) -> shown.put(key, isSecret(key) ? HIDDEN : value));
        return shown;
    }

    /** One line per key, for the start-up log. */
    public static String describe(Configuration configuration) {
        return of(configuration).entrySet().stream()
                .map(entry -> "  " + entry.getKey() + ": " + entry.getValue())
                .collect(Collectors.joining("\n"));
    }

    static boolean isSecret(String key) {
        return SLUICE_SECRETS.contains(key) || GlobalConfiguration.isSensitive(key);
    }

    private static <T> void setDefault(Configuration configuration, ConfigOption<T> option) {
        if (option.hasDefaultValue() && !configuration.contains(option)) {
            configuration.set(option, option.defaultValue());
        }
    }
}
