package dev.sluice.retry;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the exponential-delay collect strategy; reference: docs/configuration.md. */
public final class ExponentialDelayOptions {
    public static final ConfigOption<Duration> INITIAL_BACKOFF =
            key("collect-strategy.exponential-delay.initial-backoff")
                    .durationType()
                    .defaultValue(Duration.ofMillis(1))
                    .withDescription("Wait after the first poll that finds a result not ready; later waits grow by the"
                            + " multiplier.");

    public static final ConfigOption<Duration> MAX_BACKOFF = key("collect-strategy.exponential-delay.max-backoff")
            .durationType()
            .defaultValue(Duration.ofMillis(50))
            .withDescription("Longest wait between two polls; the growing wait stays here once it reaches it.");

    public static final ConfigOption<Double> BACKOFF_MULTIPLIER =
            key("collect-strategy.exponential-delay.backoff-multiplier")
                    .doubleType()
                    .defaultValue(2.0)
                    .withDescription(
                            "Factor applied to the wait after each poll that finds a result not ready; at least 1.0,"
                                    + " where 1.0 keeps the wait constant.");

    public static final ConfigOption<Integer> ATTEMPTS = key("collect-strategy.exponential-delay.attempts")
            .intType()
            .defaultValue(CollectStrategy.UNBOUNDED_ATTEMPTS)
            .withDescription("Most polls for one result, the first included, before giving up; "
                    + CollectStrategy.UNBOUNDED_ATTEMPTS + " means unbounded.");

    private ExponentialDelayOptions() {}
}
