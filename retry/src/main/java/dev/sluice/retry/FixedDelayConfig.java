package dev.sluice.retry;

import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

import static dev.sluice.retry.FixedDelayOptions.ATTEMPTS;
import static dev.sluice.retry.FixedDelayOptions.DELAY;
import static java.util.Objects.requireNonNull;

/**
 * Settings of the fixed-delay collect strategy, validated.
 *
 * @param delay wait between two polls, at least 1 ms
 * @param attempts most polls for one result, the first included; {@link CollectStrategy#UNBOUNDED_ATTEMPTS} for no
 *     limit
 */
public record FixedDelayConfig(Duration delay, int attempts) {
    /** @throws InvalidCollectStrategyException listing every value that is out of range */
    public FixedDelayConfig {
        requireNonNull(delay, "delay is null");
        Problems problems = new Problems();
        validate(problems, delay, attempts);
        problems.throwIfAny();
    }

    /**
     * Reads the {@code collect-strategy.fixed-delay.*} options, defaults for those not set.
     *
     * @throws InvalidCollectStrategyException listing every value that cannot be parsed or is out of range
     */
    public static FixedDelayConfig from(ReadableConfig config) {
        Problems problems = new Problems();
        Duration delay = problems.read(config, DELAY, "a duration such as 100 ms");
        Integer attempts = problems.read(config, ATTEMPTS, "an integer");
        validate(problems, delay, attempts);
        problems.throwIfAny();
        return new FixedDelayConfig(requireNonNull(delay), requireNonNull(attempts));
    }

    // one set of rules for the constructor and for from(), which skips the values it could not parse
    private static void validate(Problems problems, @Nullable Duration delay, @Nullable Integer attempts) {
        if (delay != null) {
            problems.checkAtLeastOneMillisecond(DELAY, delay);
        }
        if (attempts != null) {
            problems.checkAttempts(ATTEMPTS, attempts);
        }
    }
}
