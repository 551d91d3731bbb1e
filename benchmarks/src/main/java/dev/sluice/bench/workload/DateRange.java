package dev.sluice.bench.workload;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/** A DATE drawn uniformly from {@code min} to {@code max}, both included: {@code date: {min: 2026-01-01, max: ...}}. */
public record DateRange(LocalDate min, LocalDate max) implements ParameterGenerator {
    public DateRange {
        requireNonNull(min, "min is null");
        requireNonNull(max, "max is null");
        if (min.isAfter(max)) {
            throw new IllegalArgumentException("min must be at most max, was " + min + " > " + max);
        }
    }

    static DateRange from(YamlNode node) {
        node.requireOnlyKeys(Set.of("min", "max"));
        LocalDate min = date(node.require("min"));
        LocalDate max = date(node.require("max"));
        if (min.isAfter(max)) {
            throw node.invalid("min must be at most max, was " + min + " > " + max);
        }
        return new DateRange(min, max);
    }

    private static LocalDate date(YamlNode node) {
        try {
            return LocalDate.parse(node.text().strip());
        } catch (DateTimeParseException e) {
            throw node.invalid("must be a date yyyy-mm-dd, was '" + node.text() + "'");
        }
    }

    @Override
    public int placeholders() {
        return 1;
    }

    @Override
    public List<SqlValue> next(Random random) {
        long days = ChronoUnit.DAYS.between(min, max) + 1;
        return List.of(new SqlValue.Date(min.plusDays(Math.floorMod(random.nextLong(), days))));
    }
}
