package dev.sluice.bench.workload;

import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * A month drawn uniformly from {@code min} to {@code max}, both included, as the two DATEs a BI tool's month filter
 * sends: its first day and the first day of the next month, for {@code d >= ? and d < ?}. It fills two {@code ?}:
 * {@code month-range: {min: 2026-01, max: 2026-06}}.
 */
public record MonthRange(YearMonth min, YearMonth max) implements ParameterGenerator {
    public MonthRange {
        requireNonNull(min, "min is null");
        requireNonNull(max, "max is null");
        if (min.isAfter(max)) {
            throw new IllegalArgumentException("min must be at most max, was " + min + " > " + max);
        }
    }

    static MonthRange from(YamlNode node) {
        node.requireOnlyKeys(Set.of("min", "max"));
        YearMonth min = month(node.require("min"));
        YearMonth max = month(node.require("max"));
        if (min.isAfter(max)) {
            throw node.invalid("min must be at most max, was " + min + " > " + max);
        }
        return new MonthRange(min, max);
    }

    private static YearMonth month(YamlNode node) {
        try {
            return YearMonth.parse(node.text().strip());
        } catch (DateTimeParseException e) {
            throw node.invalid("must be a month yyyy-mm, was '" + node.text() + "'");
        }
    }

    @Override
    public int placeholders() {
        return 2;
    }

    @Override
    public List<SqlValue> next(Random random) {
        long months = ChronoUnit.MONTHS.between(min, max) + 1;
        YearMonth month = min.plusMonths(Math.floorMod(random.nextLong(), months));
        return List.of(
                new SqlValue.Date(month.atDay(1)),
                new SqlValue.Date(month.plusMonths(1).atDay(1)));
    }
}
