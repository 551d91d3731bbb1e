package dev.sluice.retry;

import io.github.resilience4j.core.IntervalFunction;
import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

/**
 * How long to wait between polls that find a result not ready yet, and how many polls to make.
 *
 * <p>Polls are counted from the first one: {@link #maxAttempts()} includes it, and the first poll has no wait before
 * it. Waits are whole milliseconds (rounded to the nearest), the unit in which Resilience4j counts them, so that
 * {@link #delayBeforeAttempt(int)} and {@link #intervalFunction()} always agree. Instances are immutable, compare
 * equal when their settings are equal, and are safe to share between threads.
 */
public sealed interface CollectStrategy permits FixedDelayStrategy, ExponentialDelayStrategy {
    /** The {@code attempts} value that sets no limit (Flink's convention for "unbounded"). */
    int UNBOUNDED_ATTEMPTS = Integer.MAX_VALUE;

    /**
     * The strategy chosen by {@code collect-strategy.type}, with the settings of that strategy's namespace; the other
     * strategies' namespaces are not read.
     *
     * @throws InvalidCollectStrategyException listing every problem of the chosen strategy's settings at once
     */
    static CollectStrategy from(ReadableConfig config) {
        CollectStrategyType type = CollectStrategyType.parse(config.get(CollectStrategyOptions.TYPE));
        return switch (type) {
            case FIXED_DELAY -> fixedDelay(FixedDelayConfig.from(config));
            case EXPONENTIAL_DELAY -> exponentialDelay(ExponentialDelayConfig.from(config));
        };
    }

    static CollectStrategy fixedDelay(FixedDelayConfig config) {
        return new FixedDelayStrategy(config);
    }

    static CollectStrategy exponentialDelay(ExponentialDelayConfig config) {
        return new ExponentialDelayStrategy(config);
    }

    CollectStrategyType type();

    /** Most polls for one result, the first included; {@link #UNBOUNDED_ATTEMPTS} when there is no limit. */
    int maxAttempts();

    /**
     * The wait before retry number {@code attempt}: attempt 1 is the first retry, made after the first poll found the
     * result not ready. A pure function; it does not sleep. Equals {@code intervalFunction().apply(attempt)}
     * milliseconds.
     *
     * @throws IllegalArgumentException if {@code attempt} is less than 1
     */
    Duration delayBeforeAttempt(int attempt);

    /** The same waits as {@link #delayBeforeAttempt(int)}, as Resilience4j's {@code RetryConfig} takes them. */
    IntervalFunction intervalFunction();

    /**
     * A one-line summary for logs, such as
     * {@code exponential-delay(initial 1 ms, x2.0, max 50 ms, unbounded attempts)}.
     */
    String describe();
}
