package dev.sluice.bench.workload;

import com.fasterxml.jackson.databind.JsonNode;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * A node of a parsed workload file with its path from the root ({@code queries.point-lookup.parameters[0]}), so that
 * every complaint names the key it is about and the file it is in.
 */
record YamlNode(JsonNode node, String source, String path) {
    YamlNode {
        requireNonNull(node, "node is null");
        requireNonNull(source, "source is null");
        requireNonNull(path, "path is null");
    }

    static YamlNode root(JsonNode node, String source) {
        return new YamlNode(node, source, "");
    }

    /** A complaint about this node: {@code workload bi.yaml: queries.q.sql: must be text}. */
    InvalidWorkloadException invalid(String problem) {
        return new InvalidWorkloadException(
                "workload " + source + ": " + (path.isEmpty() ? "" : path + ": ") + problem);
    }

    /** The child {@code key} of this mapping. */
    YamlNode require(String key) {
        YamlNode child = find(key);
        if (child == null) {
            throw invalid("'" + key + "' is missing");
        }
        return child;
    }

    /** The child {@code key} of this mapping, or null when absent or null. */
    @Nullable
    YamlNode find(String key) {
        requireMapping();
        JsonNode child = node.get(key);
        return child == null || child.isNull() ? null : new YamlNode(child, source, childPath(key));
    }

    /** Refuses any key of this mapping that is not in {@code allowed}. */
    YamlNode requireOnlyKeys(Set<String> allowed) {
        requireMapping();
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw invalid("unknown key '" + name + "'; allowed are "
                        + allowed.stream().sorted().toList());
            }
        }
        return this;
    }

    /** The entries of this mapping in file order. */
    Map<String, YamlNode> entries() {
        requireMapping();
        Map<String, YamlNode> entries = new LinkedHashMap<>();
        node.fields()
                .forEachRemaining(entry ->
                        entries.put(entry.getKey(), new YamlNode(entry.getValue(), source, childPath(entry.getKey()))));
        return entries;
    }

    /** The items of this sequence. */
    List<YamlNode> items() {
        if (!node.isArray()) {
            throw invalid("must be a list, was " + describe());
        }
        List<YamlNode> items = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            items.add(new YamlNode(node.get(i), source, path + "[" + i + "]"));
        }
        return items;
    }

    boolean isMapping() {
        return node.isObject();
    }

    boolean isText() {
        return node.isTextual();
    }

    /** The text of a scalar; a number is given as written. */
    String text() {
        if (!node.isValueNode()) {
            throw invalid("must be a single value, was " + describe());
        }
        return node.asText();
    }

    /** An integer, written as a number or as text (a variable such as {@code ${customers}} substituted). */
    long integer() {
        if (node.isIntegralNumber()) {
            return node.longValue();
        }
        String text = text().strip();
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw invalid("must be an integer, was '" + text + "'");
        }
    }

    /** An integer between {@code min} and {@code max}. */
    int integer(int min, int max) {
        long value = integer();
        if (value < min || value > max) {
            throw invalid("must be between " + min + " and " + max + ", was " + value);
        }
        return (int) value;
    }

    private void requireMapping() {
        if (!node.isObject()) {
            throw invalid("must be a mapping of keys to values, was " + describe());
        }
    }

    private String describe() {
        if (node.isObject()) {
            return "a mapping";
        }
        if (node.isArray()) {
            return "a list";
        }
        return "'" + node.asText() + "'";
    }

    private String childPath(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
