package dev.sluice.gateway.config;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads every option that is set once, so that a value that does not parse is reported with the form its option
 * takes; Flink's own message ("Could not parse value 'REMOT' for key ...") does not say what would.
 */
public final class OptionValueCheck {
    private OptionValueCheck() {}

    /** One problem for each of {@code options} whose value in {@code configuration} does not parse. */
    public static List<String> problems(Configuration configuration, List<ConfigOption<?>> options) {
        List<String> problems = new ArrayList<>();
        for (ConfigOption<?> option : options) {
            if (!configuration.containsKey(option.key())) {
                continue;
            }
            try {
                configuration.get(option);
            } catch (IllegalArgumentException e) {
                String value = configuration.toMap().get(option.key());
                problems.add(option.key() + " must be " + form(option) + ", was '" + value + "'");
            }
        }
        return problems;
    }

    /** What values of {@code option} look like, from the type of its default. */
    static String form(ConfigOption<?> option) {
        Object example = option.hasDefaultValue() ? option.defaultValue() : null;
        if (example instanceof Enum<?> constant) {
            return "one of "
                    + Arrays.stream(constant.getDeclaringClass().getEnumConstants())
                            .map(Object::toString)
                            .collect(Collectors.joining(", "));
        }
        if (example instanceof Duration) {
            return "a duration such as 500 ms, 30 s or 5 min";
        }
        if (example instanceof MemorySize) {
            return "a size such as 512 kb, 16 mb or 1 gb";
        }
        if (example instanceof Integer || example instanceof Long) {
            return "a whole number";
        }
        if (example instanceof Double || example instanceof Float) {
            return "a number";
        }
        if (example instanceof Boolean) {
            return "true or false";
        }
        if (example instanceof List<?>) {
            return "a list, in YAML [a, b]";
        }
        return "a valid value of its kind";
    }
}
