package dev.sluice.planner.parametric;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.jspecify.annotations.Nullable;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A statement's compiled plan (Flink's JSON plan) with the places of its literals' values: the plan of the same
 * statement with other values is this one with those values written in, and Flink only translates it, without parsing,
 * validating or optimising again.
 *
 * <p>A template is {@link #derive}d from two plans of the statement, made with the two sets of {@link Sentinels}. If
 * the plans differ anywhere but at the literals that hold the sentinels (see {@link PlanComparison}), planning made a
 * choice that depends on a value, and there is no template. Values whose kind or shape differ from the template's make
 * another template (its key, {@link StatementLiterals#template()}, holds them), so a value written in always has the
 * type its literal had. Immutable and thread-safe.
 */
public final class PlanTemplate {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode plan;
    private final List<PlanComparison.ValuePlace> places;
    private final List<JsonPointer> descriptions;
    private final List<String> sentinelValues;

    private PlanTemplate(
            ObjectNode plan,
            List<PlanComparison.ValuePlace> places,
            List<JsonPointer> descriptions,
            List<String> sentinelValues) {
        this.plan = plan;
        this.places = List.copyOf(places);
        this.descriptions = List.copyOf(descriptions);
        this.sentinelValues = List.copyOf(sentinelValues);
    }

    /**
     * A template, or why there is none.
     *
     * @param template the template; null if there is none
     * @param refusal why there is none; null if there is one
     */
    public record Derivation(
            @Nullable PlanTemplate template, @Nullable String refusal) {}

    /**
     * The template of a statement with {@code slots}, from its plans made with the two sets of sentinels.
     *
     * @param firstPlan the compiled plan (JSON) of the statement with {@code first}'s values
     * @param secondPlan the compiled plan with {@code second}'s values
     */
    public static Derivation derive(
            String firstPlan,
            String secondPlan,
            List<LiteralSlot> slots,
            List<Sentinels.Sentinel> first,
            List<Sentinels.Sentinel> second) {
        requireNonNull(slots, "slots is null");
        if (slots.isEmpty() || first.size() != slots.size() || second.size() != slots.size()) {
            throw new IllegalArgumentException("one sentinel of each set per slot, and at least one slot");
        }
        JsonNode a = read(firstPlan);
        JsonNode b = read(secondPlan);
        if (!a.isObject()) {
            return new Derivation(null, "the plan is not a JSON object");
        }
        PlanComparison comparison = PlanComparison.of(a, b, slots, first, second);
        if (comparison.difference() != null) {
            return new Derivation(null, comparison.difference());
        }
        List<String> sentinelValues =
                first.stream().map(Sentinels.Sentinel::value).toList();
        return new Derivation(
                new PlanTemplate((ObjectNode) a, comparison.places(), comparison.descriptions(), sentinelValues), null);
    }

    /**
     * The compiled plan (JSON) with {@code values} written in, one per slot as {@link LiteralSlot#value()} gives them,
     * of the kinds and shapes of the slots the template was derived for.
     */
    public String instantiate(List<String> values) {
        requireNonNull(values, "values is null");
        if (values.size() != sentinelValues.size()) {
            throw new IllegalArgumentException(
                    "The template takes " + sentinelValues.size() + " values, was given " + values.size());
        }
        ObjectNode copy = plan.deepCopy();
        for (PlanComparison.ValuePlace place : places) {
            String value = values.get(place.slot());
            ObjectNode literal = (ObjectNode) copy.at(place.literal());
            literal.set("value", place.textual() ? TextNode.valueOf(value) : number(value));
        }
        for (JsonPointer description : descriptions) {
            ObjectNode parent = (ObjectNode) copy.at(description.head());
            String field = description.last().getMatchingProperty();
            String text = parent.get(field).asText();
            for (int i = 0; i < values.size(); i++) {
                text = text.replace(sentinelValues.get(i), values.get(i));
            }
            parent.put(field, text);
        }
        try {
            return JSON.writeValueAsString(copy);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("Cannot write a plan that was read", e);
        }
    }

    private static JsonNode number(String value) {
        BigDecimal number = new BigDecimal(value);
        if (number.scale() <= 0) {
            try {
                return LongNode.valueOf(number.longValueExact());
            } catch (ArithmeticException e) {
                return DecimalNode.valueOf(number);
            }
        }
        return DecimalNode.valueOf(number);
    }

    private static JsonNode read(String plan) {
        try {
            return JSON.readTree(requireNonNull(plan, "plan is null"));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Not a compiled plan: " + e.getOriginalMessage(), e);
        }
    }
}
