package dev.sluice.retry;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/** The collect strategies a user can choose with {@code collect-strategy.type}. */
public enum CollectStrategyType {
    /** The same wait between every two polls. */
    FIXED_DELAY("fixed-delay"),
    /** A wait that grows by a multiplier after each poll, up to a maximum. */
    EXPONENTIAL_DELAY("exponential-delay");

    private final String configValue;

    CollectStrategyType(String configValue) {
        this.configValue = configValue;
    }

    /** The value users write in the configuration, such as {@code fixed-delay}. */
    public String configValue() {
        return configValue;
    }

    /**
     * The type whose {@linkplain #configValue() configuration value} is {@code value}, ignoring case and surrounding
     * blanks.
     *
     * @throws InvalidCollectStrategyException naming the key, the value and the allowed values
     */
    public static CollectStrategyType parse(String value) {
        requireNonNull(value, "value is null");
        String normalized = value.strip().toLowerCase(Locale.ROOT);
        for (CollectStrategyType type : values()) {
            if (type.configValue.equals(normalized)) {
                return type;
            }
        }
        throw new InvalidCollectStrategyException(String.format(
                Locale.ROOT,
                "%s must be one of %s, was %s",
                CollectStrategyOptions.TYPE.key(),
                allowedValues(),
                value));
    }

    /** The configuration values of all types, comma-separated, for messages and descriptions. */
    static String allowedValues() {
        return Arrays.stream(values()).map(CollectStrategyType::configValue).collect(Collectors.joining(", "));
    }
}
