package dev.sluice.bench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Flink settings from a file of flat {@code key: value} lines, the form bin/flink-local-cluster --config takes.
 * Flat keys can be appended to any Flink or Sluice configuration file without meeting a nested map of the same
 * prefix; a nested map is refused with the line that has it.
 */
record FlinkSettingsFile(Path file, Map<String, String> settings) {
    private static final Pattern SETTING = Pattern.compile("^([A-Za-z0-9][A-Za-z0-9_.-]*):\\s+(\\S.*?)\\s*$");
    private static final Pattern BLANK_OR_COMMENT = Pattern.compile("^\\s*(#.*)?$");

    FlinkSettingsFile {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** @throws IllegalArgumentException naming the file and line that is not a flat setting */
    static FlinkSettingsFile read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (BLANK_OR_COMMENT.matcher(line).matches()) {
                continue;
            }
            Matcher setting = SETTING.matcher(line);
            if (!setting.matches()) {
                throw new IllegalArgumentException(
                        file + ", line " + (i + 1) + ": not a flat 'key: value' setting: " + line);
            }
            settings.put(setting.group(1), setting.group(2));
        }
        return new FlinkSettingsFile(file, settings);
    }

    /** The first key that starts with one of {@code prefixes} or equals one of them, if any. */
    String firstKeyIn(List<String> prefixes) {
        return settings.keySet().stream()
                .filter(key -> prefixes.stream().anyMatch(prefix -> key.equals(prefix) || key.startsWith(prefix + ".")))
                .findFirst()
                .orElse(null);
    }

    /** The settings as YAML lines, to append to a configuration file. */
    String toYaml() {
        return settings.entrySet().stream()
                .map(entry -> entry.getKey() + ": " + entry.getValue() + "\n")
                .collect(Collectors.joining());
    }

    /** The settings on one line, for a report. */
    String summary() {
        return settings.entrySet().stream()
                .map(entry -> "`" + entry.getKey() + ": " + entry.getValue() + "`")
                .collect(Collectors.joining(", "));
    }
}
