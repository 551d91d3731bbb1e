package dev.sluice.retry;

import io.github.resilience4j.core.IntervalFunction;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * A wait that starts at the initial backoff and is multiplied after every retry, up to the maximum: retry {@code n}
 * waits {@code min(initial * multiplier^(n-1), max)}, rounded to the nearest millisecond.
 *
 * <p>The waits are computed here rather than by Resilience4j's {@code IntervalFunction.ofExponentialBackoff}, which in
 * 2.4.0 truncates to whole milliseconds at every step (so 1 ms with multiplier 1.5 stays at 1 ms forever), walks
 * {@code n} steps for retry {@code n} (quadratic over an unbounded poll), and checks the initial interval only when it
 * is first applied. A multiplier of 1.0 simply gives a constant wait.
 */
record ExponentialDelayStrategy(ExponentialDelayConfig config) implements CollectStrategy {
    ExponentialDelayStrategy {
        requireNonNull(config, "config is null");
    }

    @Override
    public CollectStrategyType type() {
        return CollectStrategyType.EXPONENTIAL_DELAY;
    }

    @Override
    public int maxAttempts() {
        return config.attempts();
    }

    @Override
    public Duration delayBeforeAttempt(int attempt) {
        return Duration.ofMillis(delayMillis(Attempts.requireRetryNumber(attempt)));
    }

    @Override
    public IntervalFunction intervalFunction() {
        return attempt -> delayMillis(Attempts.requireRetryNumber(attempt));
    }

    @Override
    public String describe() {
        return "exponential-delay(initial " + TimeFormat.duration(config.initialBackoff())
                + ", x" + config.backoffMultiplier()
                + ", max " + TimeFormat.duration(config.maxBackoff())
                + ", " + Attempts.limit(config.attempts()) + ")";
    }

    private long delayMillis(int attempt) {
        double grown = TimeFormat.millis(config.initialBackoff()) * Math.pow(config.backoffMultiplier(), attempt - 1);
        // an overflowing product is +Infinity, which the cap turns into the maximum
        return Math.round(Math.min(grown, TimeFormat.millis(config.maxBackoff())));
    }
}
