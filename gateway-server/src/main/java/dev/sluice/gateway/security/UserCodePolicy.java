package dev.sluice.gateway.security;

import dev.sluice.planner.UserCodeStatement;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * Decides whether a statement may load code from its jars: only when every jar lies under an allowed directory or URL
 * prefix. The decision reads the text alone and never the file system, so a refusal says nothing about whether a
 * path exists on the gateway's host.
 */
public final class UserCodePolicy {
    /** Allows nothing: every statement that loads code from a jar is refused. */
    public static final UserCodePolicy NONE = new UserCodePolicy(new UserCodeConfig(List.of(), List.of()));

    /** Flink options that put jars on a session's class loader. */
    private static final Set<String> JAR_OPTIONS = Set.of("pipeline.jars", "pipeline.classpaths");

    private final UserCodeConfig config;

    public UserCodePolicy(UserCodeConfig config) {
        this.config = requireNonNull(config, "config is null");
    }

    /** @throws UserCodeNotAllowedException unless every jar of {@code statement} lies in an allowed location */
    public void check(UserCodeStatement statement) {
        requireNonNull(statement, "statement is null");
        if (statement.jarLocations().isEmpty()
                || !statement.jarLocations().stream().allMatch(this::allows)) {
            throw new UserCodeNotAllowedException(statement.action());
        }
    }

    /**
     * Checks a Flink option that a session sets (by {@code SET} or a connection property): {@code pipeline.jars} and
     * {@code pipeline.classpaths} put jars on the session's class loader, as {@code ADD JAR} does.
     *
     * @throws UserCodeNotAllowedException if {@code key} names jars and one of them lies outside the allowed locations
     */
    public void checkOption(String key, String value) {
        if (!JAR_OPTIONS.contains(key.strip())) {
            return;
        }
        // Flink's list syntax: entries separated by semicolons
        for (String entry : value.split(";")) {
            String location = entry.strip();
            if (!location.isEmpty() && !allows(location)) {
                throw new UserCodeNotAllowedException("Setting " + key.strip());
            }
        }
    }

    /** Whether {@code location} (a path, or a URL) lies under an allowed directory or URL prefix. */
    boolean allows(String location) {
        try {
            if (location.contains(":")) {
                URI uri = new URI(location).normalize();
                if ("file".equalsIgnoreCase(uri.getScheme())) {
                    return allowsPath(Path.of(uri));
                }
                String normalized = uri.toString();
                // a dot segment that normalize left (one above the root) could climb out of a prefix
                return uri.isAbsolute()
                        && !normalized.contains("/../")
                        && !normalized.contains("%2e")
                        && !normalized.contains("%2E")
                        && config.allowedUrlPrefixes().stream().anyMatch(normalized::startsWith);
            }
            return allowsPath(Path.of(location));
        } catch (URISyntaxException | IllegalArgumentException e) { // InvalidPathException is one too
            return false;
        }
    }

    private boolean allowsPath(Path path) {
        if (!path.isAbsolute()) {
            return false; // relative to the gateway's working directory, which a client cannot know or choose
        }
        Path normalized = path.normalize();
        return config.allowedDirectories().stream().anyMatch(normalized::startsWith);
    }
}
