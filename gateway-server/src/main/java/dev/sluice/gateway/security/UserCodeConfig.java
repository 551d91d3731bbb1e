package dev.sluice.gateway.security;

import org.apache.flink.configuration.ReadableConfig;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where user code may come from.
 *
 * @param allowedDirectories directories whose jars (at any depth) may be loaded, normalized
 * @param allowedUrlPrefixes URLs whose jars may be loaded: a location must start with one of them
 */
public record UserCodeConfig(List<Path> allowedDirectories, List<String> allowedUrlPrefixes) {
    public UserCodeConfig {
        allowedDirectories = List.copyOf(allowedDirectories);
        allowedUrlPrefixes = List.copyOf(allowedUrlPrefixes);
    }

    /**
     * Reads the allowed locations: an absolute path is a directory, {@code scheme://...} a URL prefix.
     *
     * @throws IllegalArgumentException for a location that is neither
     */
    public static UserCodeConfig from(ReadableConfig config) {
        List<Path> directories = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        for (String location :
                config.getOptional(UserCodeOptions.ALLOWED_LOCATIONS).orElse(List.of())) {
            String trimmed = location.strip();
            if (trimmed.contains("://")) {
                URI uri = URI.create(trimmed);
                if (uri.getScheme() == null
                        || uri.getRawPath() == null
                        || !uri.getRawPath().endsWith("/")) {
                    throw new IllegalArgumentException(UserCodeOptions.ALLOWED_LOCATIONS.key()
                            + " must hold absolute paths or URLs ending in /, was " + location);
                }
                prefixes.add(trimmed);
            } else if (Path.of(trimmed).isAbsolute()) {
                directories.add(Path.of(trimmed).normalize());
            } else {
                throw new IllegalArgumentException(UserCodeOptions.ALLOWED_LOCATIONS.key()
                        + " must hold absolute paths or URLs ending in /, was " + location);
            }
        }
        return new UserCodeConfig(directories, prefixes);
    }
}
