package dev.sluice.retry;

import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

import static dev.sluice.retry.ExponentialDelayOptions.ATTEMPTS;
import static dev.sluice.retry.ExponentialDelayOptions.BACKOFF_MULTIPLIER;
import static dev.sluice.retry.ExponentialDelayOptions.INITIAL_BACKOFF;
import static dev.sluice.retry.ExponentialDelayOptions.MAX_BACKOFF;
import static java.util.Objects.requireNonNull;

/**
 * Settings of the exponential-delay collect strategy, validated.
 *
 * @param initialBackoff wait after the first poll that finds the result not ready, at least 1 ms
 * @param maxBackoff longest wait, at least {@code initialBackoff}
 * @param backoffMultiplier factor applied to the wait after each poll, finite and at least 1.0 (1.0: constant wait)
 * @param attempts most polls for one result, the first included; {@link CollectStrategy#UNBOUNDED_ATTEMPTS} for no
 *     limit
 */
public record ExponentialDelayConfig(
        Duration initialBackoff, Duration maxBackoff, double backoffMultiplier, int attempts) {
    /** @throws InvalidCollectStrategyException listing every value that is out of range */
    public ExponentialDelayConfig {
        requireNonNull(initialBackoff, "initialBackoff is null");
        requireNonNull(maxBackoff, "maxBackoff is null");
        Problems problems = new Problems();
        validate(problems, initialBackoff, maxBackoff, backoffMultiplier, attempts);
        problems.throwIfAny();
    }

    /**
     * Reads the {@code collect-strategy.exponential-delay.*} options, defaults for those not set.
     *
     * @throws InvalidCollectStrategyException listing every value that cannot be parsed or is out of range
     */
    public static ExponentialDelayConfig from(ReadableConfig config) {
        Problems problems = new Problems();
        Duration initialBackoff = problems.read(config, INITIAL_BACKOFF, "a duration such as 100 ms");
        Duration maxBackoff = problems.read(config, MAX_BACKOFF, "a duration such as 1 s");
        Double backoffMultiplier = problems.read(config, BACKOFF_MULTIPLIER, "a number");
        Integer attempts = problems.read(config, ATTEMPTS, "an integer");
        validate(problems, initialBackoff, maxBackoff, backoffMultiplier, attempts);
        problems.throwIfAny();
        return new ExponentialDelayConfig(
                requireNonNull(initialBackoff),
                requireNonNull(maxBackoff),
                requireNonNull(backoffMultiplier),
                requireNonNull(attempts));
    }

    // one set of rules for the constructor and for from(), which skips the values it could not parse
    private static void validate(
            Problems problems,
            @Nullable Duration initialBackoff,
            @Nullable Duration maxBackoff,
            @Nullable Double backoffMultiplier,
            @Nullable Integer attempts) {
        if (initialBackoff != null) {
            problems.checkAtLeastOneMillisecond(INITIAL_BACKOFF, initialBackoff);
        }
        if (maxBackoff != null) {
            problems.checkAtLeastOneMillisecond(MAX_BACKOFF, maxBackoff);
        }
        // compared only when both are valid on their own, so a bad value is reported once
        if (initialBackoff != null
                && maxBackoff != null
                && initialBackoff.compareTo(Problems.ONE_MILLISECOND) >= 0
                && maxBackoff.compareTo(Problems.ONE_MILLISECOND) >= 0) {
            problems.check(
                    maxBackoff.compareTo(initialBackoff) >= 0,
                    "%s must be at least %s (%s), was %s",
                    MAX_BACKOFF.key(),
                    INITIAL_BACKOFF.key(),
                    TimeFormat.duration(initialBackoff),
                    TimeFormat.duration(maxBackoff));
        }
        if (backoffMultiplier != null) {
            problems.check(
                    backoffMultiplier >= 1.0, // false for NaN too
                    "%s must be at least 1.0, was %s",
                    BACKOFF_MULTIPLIER.key(),
                    backoffMultiplier);
            problems.check(
                    backoffMultiplier != Double.POSITIVE_INFINITY,
                    "%s must be finite, was %s",
                    BACKOFF_MULTIPLIER.key(),
                    backoffMultiplier);
        }
        if (attempts != null) {
            problems.checkAttempts(ATTEMPTS, attempts);
        }
    }
}
