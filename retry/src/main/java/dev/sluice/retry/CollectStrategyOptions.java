package dev.sluice.retry;

import org.apache.flink.configuration.ConfigOption;

import static org.apache.flink.configuration.ConfigOptions.key;

/**
 * The option that chooses the collect strategy; each strategy reads its own namespace ({@link FixedDelayOptions},
 * {@link ExponentialDelayOptions}). Reference: docs/configuration.md.
 */
public final class CollectStrategyOptions {
    public static final ConfigOption<String> TYPE = key("collect-strategy.type")
            .stringType()
            .defaultValue(CollectStrategyType.EXPONENTIAL_DELAY.configValue())
            .withDescription("How the waits between polls that find a result not ready yet are chosen: "
                    + CollectStrategyType.allowedValues() + ". Sluice's default is exponential-delay from 1 ms"
                    + " (measured in docs/benchmarks.md); fixed-delay with 100 ms is what Flink's client does.");

    private CollectStrategyOptions() {}
}
