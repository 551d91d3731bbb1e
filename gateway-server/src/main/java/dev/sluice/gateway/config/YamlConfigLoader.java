package dev.sluice.gateway.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.apache.flink.configuration.Configuration;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads {@code sluice.yaml}: nested YAML maps become dotted keys ({@code sluice: {server: {port: 1}}} is
 * {@code sluice.server.port}), lists of scalars become Flink's {@code ;}-separated lists.
 */
public final class YamlConfigLoader {
    private YamlConfigLoader() {}

    /** Loads {@code file}; an empty file is an empty configuration. */
    public static Configuration load(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in, file.toString());
        } catch (IOException e) {
            throw new InvalidConfigurationException(List.of("Cannot read configuration file " + file + ": " + e));
        }
    }

    static Configuration parse(InputStream in, String source) {
        Object root;
        try {
            ObjectMapper mapper = new ObjectMapper(new YAMLFactory());
            // an empty file, or one with only comments, has no document: readTree gives a missing node
            JsonNode document = mapper.readTree(in);
            root = document == null || document.isMissingNode() || document.isNull()
                    ? null
                    : mapper.convertValue(document, Object.class);
        } catch (IOException e) {
            throw new InvalidConfigurationException(
                    List.of("Configuration file " + source + " is not valid YAML: " + e.getMessage()));
        }
        Map<String, String> flat = new LinkedHashMap<>();
        if (root != null) {
            if (!(root instanceof Map<?, ?> map)) {
                throw new InvalidConfigurationException(
                        List.of("Configuration file " + source + " must hold a YAML map of options"));
            }
            flatten("", map, flat);
        }
        return Configuration.fromMap(flat);
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, String> out) {
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            String key = prefix + entry.getKey();
            Object value = entry.getValue();
            if (value instanceof Map<?, ?> nested) {
                flatten(key + ".", nested, out);
            } else if (value instanceof List<?> list) {
                out.put(key, list.stream().map(String::valueOf).collect(Collectors.joining(";")));
            } else if (value != null) {
                out.put(key, String.valueOf(value));
            }
        }
    }
}
