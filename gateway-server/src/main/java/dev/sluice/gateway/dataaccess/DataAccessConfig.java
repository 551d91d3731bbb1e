package dev.sluice.gateway.dataaccess;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The data-access policy as configured: the connectors and catalog types a statement may declare, where tables may
 * be read and written, and the files no statement may reach.
 *
 * @param protectedFiles the gateway's own files and directories, resolved at start
 * @param workingDirectory where relative paths are resolved, as the gateway and its embedded cluster resolve them
 */
public record DataAccessConfig(
        Set<String> connectors,
        Set<String> catalogTypes,
        List<LocationPrefix> readable,
        List<LocationPrefix> writable,
        List<Location.LocalFile> protectedFiles,
        Path workingDirectory) {
    public DataAccessConfig {
        connectors = Set.copyOf(connectors);
        catalogTypes = Set.copyOf(catalogTypes);
        readable = List.copyOf(readable);
        writable = List.copyOf(writable);
        protectedFiles = List.copyOf(protectedFiles);
        requireNonNull(workingDirectory, "workingDirectory is null");
    }

    /**
     * Reads and checks the policy.
     *
     * @param gatewayFiles the gateway's own files from the rest of its configuration (keys, certificates, password and
     *     JWT key files), protected whatever the options say
     * @throws IllegalArgumentException naming the option of an entry that is not a path or URI
     */
    public static DataAccessConfig from(ReadableConfig config, Collection<Path> gatewayFiles) {
        Path workingDirectory = Path.of("").toAbsolutePath();
        List<Location.LocalFile> protectedFiles = new ArrayList<>();
        List<String> protectedEntries = new ArrayList<>(config.get(DataAccessOptions.PROTECTED_LOCATIONS));
        gatewayFiles.forEach(file -> protectedEntries.add(file.toString()));
        String logDirectory = System.getProperty("sluice.log.dir");
        if (logDirectory != null && !logDirectory.isBlank()) {
            protectedEntries.add(logDirectory);
        }
        for (String entry : protectedEntries) {
            if (!(LocationPrefix.of(DataAccessOptions.PROTECTED_LOCATIONS.key(), entry, workingDirectory)
                            .resolve("", workingDirectory)
                            .orElseThrow(() -> new IllegalArgumentException(
                                    DataAccessOptions.PROTECTED_LOCATIONS.key() + " may not use ${user}"))
                    instanceof Location.LocalFile file)) {
                throw new IllegalArgumentException(DataAccessOptions.PROTECTED_LOCATIONS.key() + " holds '" + entry
                        + "', which is not a local path");
            }
            protectedFiles.add(file);
        }
        return new DataAccessConfig(
                names(config.get(DataAccessOptions.CONNECTORS)),
                names(config.get(DataAccessOptions.CATALOG_TYPES)),
                prefixes(config, DataAccessOptions.READABLE_LOCATIONS, workingDirectory),
                prefixes(config, DataAccessOptions.WRITABLE_LOCATIONS, workingDirectory),
                protectedFiles,
                workingDirectory);
    }

    private static Set<String> names(List<String> values) {
        return values.stream()
                .map(value -> value.strip().toLowerCase(Locale.ROOT))
                .filter(value -> !value.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    private static List<LocationPrefix> prefixes(
            ReadableConfig config, ConfigOption<List<String>> option, Path workingDirectory) {
        return config.get(option).stream()
                .filter(entry -> !entry.isBlank())
                .map(entry -> LocationPrefix.of(option.key(), entry, workingDirectory))
                .toList();
    }
}
