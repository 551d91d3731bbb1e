package dev.sluice.planner.parametric;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Compares the two compiled plans of one statement planned with the two sets of {@link Sentinels}, and finds where
 * each slot's value went: the plans must be the same but for the values of literals that are the two sets' values of
 * one slot, the operators' descriptions (which show the values), and what Flink numbers afresh for each plan (node ids,
 * the dynamic filtering listener). Anything else that differs is a part of the plan that depends on a value, and the
 * statement has no template.
 */
final class PlanComparison {
    // what Flink writes afresh in each compiled plan: node ids (and the edges that name them), a listener's id
    private static final List<String> NODE_IDS = List.of("id", "source", "target");
    private static final String LISTENER_ID = "dynamicFilteringDataListenerID";
    private static final String DESCRIPTION = "description";

    /** Where a slot's value is in the plan: the literal at {@code literal}, whose value was written as text or not. */
    record ValuePlace(JsonPointer literal, int slot, boolean textual) {}

    private final List<LiteralSlot> slots;
    private final List<Sentinels.Sentinel> first;
    private final List<Sentinels.Sentinel> second;
    private final List<ValuePlace> places = new ArrayList<>();
    private final List<JsonPointer> descriptions = new ArrayList<>();
    private final Map<Long, Long> nodeIds = new HashMap<>();
    private @Nullable String difference;

    private PlanComparison(List<LiteralSlot> slots, List<Sentinels.Sentinel> first, List<Sentinels.Sentinel> second) {
        this.slots = slots;
        this.first = first;
        this.second = second;
    }

    /** Compares {@code firstPlan} and {@code secondPlan}; read {@link #difference()} first. */
    static PlanComparison of(
            JsonNode firstPlan,
            JsonNode secondPlan,
            List<LiteralSlot> slots,
            List<Sentinels.Sentinel> first,
            List<Sentinels.Sentinel> second) {
        PlanComparison comparison = new PlanComparison(slots, first, second);
        comparison.compare(firstPlan, secondPlan, JsonPointer.empty(), "");
        if (comparison.difference == null) {
            comparison.requireEverySlot();
        }
        return comparison;
    }

    /** Why the plans do not make a template, or null if they do. */
    @Nullable
    String difference() {
        return difference;
    }

    List<ValuePlace> places() {
        return places;
    }

    List<JsonPointer> descriptions() {
        return descriptions;
    }

    private void compare(JsonNode a, JsonNode b, JsonPointer path, String field) {
        if (difference != null) {
            return;
        }
        if (a.isObject() && b.isObject()) {
            compareObjects(a, b, path);
        } else if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                differ(path, "a list of " + a.size() + " and one of " + b.size());
                return;
            }
            for (int i = 0; i < a.size(); i++) {
                compare(a.get(i), b.get(i), path.appendIndex(i), "");
            }
        } else if (!a.equals(b)) {
            compareValues(a, b, path, field);
        }
    }

    private void compareObjects(JsonNode a, JsonNode b, JsonPointer path) {
        if (a.size() != b.size()) {
            differ(path, "objects of " + a.size() + " and " + b.size() + " fields");
            return;
        }
        boolean literal = "LITERAL".equals(a.path("kind").asText(null))
                && a.has("value")
                && b.has("value")
                && a.get("value").isValueNode()
                && !a.get("value").equals(b.get("value"));
        if (literal) {
            int slot = slotOf(a.get("value"), b.get("value"));
            if (slot < 0) {
                differ(path, "a literal whose value is not a literal of the statement: " + a.get("value"));
                return;
            }
            places.add(new ValuePlace(path, slot, a.get("value").isTextual()));
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = a.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = fields.next();
            String name = entry.getKey();
            if (literal && name.equals("value")) {
                continue;
            }
            JsonNode other = b.get(name);
            if (other == null) {
                differ(path, "a field " + name + " in one plan only");
                return;
            }
            compare(entry.getValue(), other, path.appendProperty(name), name);
        }
    }

    private void compareValues(JsonNode a, JsonNode b, JsonPointer path, String field) {
        if (field.equals(DESCRIPTION) && a.isTextual() && b.isTextual()) {
            descriptions.add(path);
        } else if (field.equals(LISTENER_ID)) {
            return; // a fresh id per plan, which the template keeps
        } else if (NODE_IDS.contains(field) && a.canConvertToLong() && b.canConvertToLong()) {
            Long mapped = nodeIds.putIfAbsent(a.asLong(), b.asLong());
            if (mapped != null && mapped != b.asLong()) {
                differ(path, "node " + a.asLong() + " linked differently");
            }
        } else {
            differ(path, abbreviated(a) + " and " + abbreviated(b));
        }
    }

    /** The slot whose values of the two sets {@code a} and {@code b} are, or -1. */
    private int slotOf(JsonNode a, JsonNode b) {
        for (int i = 0; i < slots.size(); i++) {
            LiteralSlot.Kind kind = slots.get(i).kind();
            if (matches(a, first.get(i), kind) && matches(b, second.get(i), kind)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean matches(JsonNode node, Sentinels.Sentinel sentinel, LiteralSlot.Kind kind) {
        if (!kind.isNumeric()) {
            return node.isTextual() && node.asText().equals(sentinel.value());
        }
        if (!node.isNumber() && !node.isTextual()) {
            return false;
        }
        try {
            return new BigDecimal(node.asText()).compareTo(new BigDecimal(sentinel.value())) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private void requireEverySlot() {
        boolean[] found = new boolean[slots.size()];
        places.forEach(place -> found[place.slot()] = true);
        for (int i = 0; i < found.length; i++) {
            if (!found[i]) {
                difference = "literal " + (i + 1) + " is not a value of the plan (planning folded it into another, or"
                        + " it decides the plan's shape)";
                return;
            }
        }
    }

    private void differ(JsonPointer path, String what) {
        difference = "the plans differ at " + path + ": " + what;
    }

    private static String abbreviated(JsonNode node) {
        String text = Objects.toString(node);
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }
}
