package dev.sluice.bench.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ${name}} variables of a workload file ({@code ${data}}, {@code ${size}}, {@code ${customers}}, ...),
 * written into every text value of a part of the file; a name without a value is an error, so that a typo does not
 * reach the gateway as a path.
 */
record Variables(Map<String, String> values) {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]*)}");

    Variables {
        values = Map.copyOf(values);
    }

    /** A copy of {@code node} with the variables of every text value substituted. */
    YamlNode substitute(YamlNode node) {
        return new YamlNode(substitute(node.node(), node), node.source(), node.path());
    }

    private JsonNode substitute(JsonNode node, YamlNode where) {
        if (node.isTextual()) {
            return TextNode.valueOf(substitute(node.textValue(), where));
        }
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            where.entries().forEach((key, child) -> copy.set(key, substitute(child.node(), child)));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            where.items().forEach(item -> copy.add(substitute(item.node(), item)));
            return copy;
        }
        return node;
    }

    private String substitute(String text, YamlNode where) {
        Matcher matcher = VARIABLE.matcher(text);
        StringBuilder result = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw where.invalid("unknown variable ${" + matcher.group(1) + "}; known are "
                        + values.keySet().stream().sorted().toList());
            }
            matcher.appendReplacement(result, Matcher.quoteReplacement(value));
        }
        return matcher.appendTail(result).toString();
    }
}
