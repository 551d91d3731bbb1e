package dev.sluice.bench.workload;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Makes the values of one parameter of a query kind from a seeded {@link Random}, so that a run with the same seed
 * sends the same values in the same order. Most fill one {@code ?} of the statement; a range fills two.
 *
 * <p>Written in a workload file as a mapping of one key, the generator's name, to its settings:
 * {@code int: {min: 1, max: 5000}}, {@code choice: [AMER, EMEA, APAC]}, {@code date: {min: 2026-01-01, max:
 * 2026-06-30}} or {@code month-range: {min: 2026-01, max: 2026-06}}.
 */
public sealed interface ParameterGenerator permits IntRange, Choice, DateRange, MonthRange {
    /** How many {@code ?} of the statement this parameter fills, in order. */
    int placeholders();

    /** The next values, {@link #placeholders()} of them. */
    List<SqlValue> next(Random random);

    /** Reads a generator from a workload file. */
    static ParameterGenerator from(YamlNode node) {
        Map<String, YamlNode> entries = node.entries();
        if (entries.size() != 1) {
            throw node.invalid("must name one generator (" + NAMES + "), was " + entries.keySet());
        }
        Map.Entry<String, YamlNode> entry = entries.entrySet().iterator().next();
        YamlNode settings = entry.getValue();
        return switch (entry.getKey()) {
            case "int" -> IntRange.from(settings);
            case "choice" -> Choice.from(settings);
            case "date" -> DateRange.from(settings);
            case "month-range" -> MonthRange.from(settings);
            default -> throw node.invalid("unknown generator '" + entry.getKey() + "'; known are " + NAMES);
        };
    }

    /** The names of the generators, as a workload file writes them. */
    Set<String> NAMES = Set.of("int", "choice", "date", "month-range");
}
