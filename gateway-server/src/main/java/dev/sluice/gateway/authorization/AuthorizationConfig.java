package dev.sluice.gateway.authorization;

import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Authorization as configured.
 *
 * @param rulesFile the rules file; null when there is none and every user may do everything with shared tables
 * @param admins users who are admins by the configuration
 */
public record AuthorizationConfig(@Nullable Path rulesFile, Duration refreshInterval, Set<String> admins) {
    public AuthorizationConfig {
        requireNonNull(refreshInterval, "refreshInterval is null");
        admins = Set.copyOf(admins);
    }

    /** @throws IllegalArgumentException for a rules file that is not a readable file, or an interval under 1 s */
    public static AuthorizationConfig from(ReadableConfig config) {
        String file = config.get(AuthorizationOptions.RULES_FILE).strip();
        Path rules = file.isEmpty() ? null : Path.of(file);
        if (rules != null) {
            if (!Files.isReadable(rules)) {
                throw new IllegalArgumentException(
                        AuthorizationOptions.RULES_FILE.key() + " must be a readable file, was " + file);
            }
            try {
                // a file that does not parse stops the start, naming what is wrong where
                AccessRules.parse(Files.readString(rules), AuthorizationOptions.RULES_FILE.key() + " (" + file + ")");
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("Cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        Duration refresh = config.get(AuthorizationOptions.REFRESH_INTERVAL);
        if (refresh.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException(
                    AuthorizationOptions.REFRESH_INTERVAL.key() + " must be at least 1 s, was " + refresh);
        }
        Set<String> admins = config.get(AuthorizationOptions.ADMINS).stream()
                .map(String::strip)
                .filter(name -> !name.isEmpty())
                .collect(Collectors.toSet());
        return new AuthorizationConfig(rules, refresh, admins);
    }
}
