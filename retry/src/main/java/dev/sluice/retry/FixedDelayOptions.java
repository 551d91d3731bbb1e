package dev.sluice.retry;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the fixed-delay collect strategy; reference: docs/configuration.md. */
public final class FixedDelayOptions {
    public static final ConfigOption<Duration> DELAY = key("collect-strategy.fixed-delay.delay")
            .durationType()
            .defaultValue(Duration.ofMillis(100))
            .withDescription(
                    "Wait between two polls that find a result not ready yet; at least 1 ms, rounded to whole milliseconds.");

    public static final ConfigOption<Integer> ATTEMPTS = key("collect-strategy.fixed-delay.attempts")
            .intType()
            .defaultValue(CollectStrategy.UNBOUNDED_ATTEMPTS)
            .withDescription("Most polls for one result, the first included, before giving up; "
                    + CollectStrategy.UNBOUNDED_ATTEMPTS + " means unbounded.");

    private FixedDelayOptions() {}
}
