package dev.sluice.gateway.dataaccess;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which options of a table, catalog or session name a place to read or write. Connectors and formats name them in many
 * ways ({@code path}, {@code warehouse}, {@code hive-conf-dir}, {@code base-url}, {@code data-file.external-paths},
 * {@code schema-registry.url}), so an option counts when its key's last part says so, and also when its value is
 * written as an absolute path or a URI with a host: a connector this list does not know cannot slip a location through.
 */
final class LocationOptions {
    private static final Set<String> LOCATION_WORDS =
            Set.of("path", "paths", "warehouse", "dir", "directory", "location", "uri", "url", "file", "root");
    // option keys whose value names one file inside the table's own path (filesystem's success file)
    private static final List<String> FILE_NAME_SUFFIXES = List.of("file.name", "file-name", "filename");

    private LocationOptions() {}

    /** The places {@code value} of option {@code key} names; empty if it names none. */
    static List<String> locations(String key, String value) {
        String lowerKey = key.toLowerCase(Locale.ROOT).strip();
        String trimmed = value.strip();
        if (trimmed.isEmpty()) {
            return List.of();
        }
        if (isLocationKey(lowerKey)) {
            // list-valued options (external-paths, ...) separate entries with commas or semicolons
            if (lowerKey.endsWith("paths") || lowerKey.endsWith("dirs")) {
                List<String> entries = new ArrayList<>();
                for (String entry : trimmed.split("[,;]")) {
                    if (!entry.isBlank()) {
                        entries.add(entry.strip());
                    }
                }
                return entries;
            }
            return List.of(trimmed);
        }
        return looksLikeLocation(trimmed) ? List.of(trimmed) : List.of();
    }

    /** Whether option {@code key} names one file by its name alone, which must then stay a plain name. */
    static boolean isFileName(String key) {
        String lowerKey = key.toLowerCase(Locale.ROOT).strip();
        return FILE_NAME_SUFFIXES.stream().anyMatch(lowerKey::endsWith);
    }

    /** Whether {@code value} is a name with no way out of its directory. */
    static boolean isPlainFileName(String value) {
        String name = value.strip();
        return !name.isEmpty()
                && !name.equals(".")
                && !name.equals("..")
                && name.indexOf('/') < 0
                && name.indexOf('\\') < 0
                && name.chars().noneMatch(Character::isISOControl);
    }

    private static boolean isLocationKey(String key) {
        String last = key.substring(key.lastIndexOf('.') + 1);
        if (LOCATION_WORDS.contains(last)) {
            return true;
        }
        int dash = last.lastIndexOf('-');
        if (dash >= 0) {
            String word = last.substring(dash + 1);
            return LOCATION_WORDS.contains(word) || word.equals("dirs");
        }
        return last.equals("dirs");
    }

    private static boolean looksLikeLocation(String value) {
        if (value.startsWith("/") && value.length() > 1) {
            return true;
        }
        if (value.startsWith("~") || value.startsWith("\\\\")) {
            return true;
        }
        return Location.SCHEME.matcher(value).find()
                && (value.contains("://") || value.regionMatches(true, 0, "file:", 0, 5));
    }
}
