package dev.sluice.bench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One of the listed values, each as likely: {@code choice: [AMER, EMEA, APAC]}. A whole number is an INT, anything
 * else a character string.
 */
public record Choice(List<SqlValue> values) implements ParameterGenerator {
    public Choice {
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a choice needs at least one value");
        }
    }

    static Choice from(YamlNode node) {
        List<SqlValue> values = new ArrayList<>();
        for (YamlNode item : node.items()) {
            if (item.node().isIntegralNumber() && item.node().canConvertToInt()) {
                values.add(new SqlValue.Int(item.node().intValue()));
            } else {
                values.add(new SqlValue.Text(item.text()));
            }
        }
        if (values.isEmpty()) {
            throw node.invalid("must list at least one value");
        }
        return new Choice(values);
    }

    @Override
    public int placeholders() {
        return 1;
    }

    @Override
    public List<SqlValue> next(Random random) {
        return List.of(values.get(random.nextInt(values.size())));
    }
}
