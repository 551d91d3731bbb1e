package dev.sluice.retry;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Gathers the problems of one strategy's settings so that all of them are reported in one exception. */
final class Problems {
    static final Duration ONE_MILLISECOND = Duration.ofMillis(1);

    private final List<String> messages = new ArrayList<>();

    /** Records {@code format} with {@code arguments} unless {@code condition} holds. */
    void check(boolean condition, String format, Object... arguments) {
        if (!condition) {
            messages.add(String.format(Locale.ROOT, format, arguments));
        }
    }

    /** Records a problem unless {@code delay} is at least 1 ms, the unit in which Resilience4j counts waits. */
    void checkAtLeastOneMillisecond(ConfigOption<Duration> option, Duration delay) {
        check(
                delay.compareTo(ONE_MILLISECOND) >= 0,
                "%s must be at least 1 ms, was %s",
                option.key(),
                TimeFormat.duration(delay));
    }

    void checkAttempts(ConfigOption<Integer> option, int attempts) {
        check(attempts >= 1, "%s must be at least 1, was %s", option.key(), attempts);
    }

    /**
     * The value of {@code option}, or null when it cannot be parsed, in which case a problem naming the key, the
     * value as written and {@code allowed} is recorded.
     */
    <T> @Nullable T read(ReadableConfig config, ConfigOption<T> option, String allowed) {
        try {
            return config.get(option);
        } catch (IllegalArgumentException e) {
            String written = config.toMap().getOrDefault(option.key(), "?");
            messages.add(String.format(Locale.ROOT, "%s must be %s, was %s", option.key(), allowed, written));
            return null;
        }
    }

    /** @throws InvalidCollectStrategyException listing every problem recorded so far */
    void throwIfAny() {
        if (!messages.isEmpty()) {
            throw new InvalidCollectStrategyException(messages);
        }
    }
}
