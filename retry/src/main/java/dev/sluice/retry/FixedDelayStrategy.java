package dev.sluice.retry;

import io.github.resilience4j.core.IntervalFunction;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/** The same wait before every retry. */
record FixedDelayStrategy(FixedDelayConfig config) implements CollectStrategy {
    FixedDelayStrategy {
        requireNonNull(config, "config is null");
    }

    @Override
    public CollectStrategyType type() {
        return CollectStrategyType.FIXED_DELAY;
    }

    @Override
    public int maxAttempts() {
        return config.attempts();
    }

    @Override
    public Duration delayBeforeAttempt(int attempt) {
        Attempts.requireRetryNumber(attempt);
        return Duration.ofMillis(delayMillis());
    }

    @Override
    public IntervalFunction intervalFunction() {
        return IntervalFunction.of(delayMillis());
    }

    @Override
    public String describe() {
        return "fixed-delay(" + TimeFormat.duration(config.delay()) + ", " + Attempts.limit(config.attempts()) + ")";
    }

    // at least 1: the config rejects delays under 1 ms
    private long delayMillis() {
        return Math.round(TimeFormat.millis(config.delay()));
    }
}
