package dev.sluice.bench.workload;

import java.util.List;
import java.util.Random;
import java.util.Set;

/** An INT drawn uniformly from {@code min} to {@code max}, both included: {@code int: {min: 1, max: 5000}}. */
public record IntRange(int min, int max) implements ParameterGenerator {
    public IntRange {
        if (min > max) {
            throw new IllegalArgumentException("min must be at most max, was " + min + " > " + max);
        }
    }

    static IntRange from(YamlNode node) {
        node.requireOnlyKeys(Set.of("min", "max"));
        int min = node.require("min").integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
        int max = node.require("max").integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (min > max) {
            throw node.invalid("min must be at most max, was " + min + " > " + max);
        }
        return new IntRange(min, max);
    }

    @Override
    public int placeholders() {
        return 1;
    }

    @Override
    public List<SqlValue> next(Random random) {
        // a long span, so that the full int range does not overflow
        long span = (long) max - min + 1;
        return List.of(new SqlValue.Int((int) (min + Math.floorMod(random.nextLong(), span))));
    }
}
