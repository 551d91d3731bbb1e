package dev.sluice.gateway.warmup;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * The warm-up before the gateway says it is ready.
 *
 * @param enabled whether it runs
 * @param timeout the longest it may take over all clusters
 * @param tablesPerCatalog how many tables of each declared catalog it reads
 */
public record WarmUpConfig(boolean enabled, Duration timeout, int tablesPerCatalog) {
    public WarmUpConfig {
        requireNonNull(timeout, "timeout is null");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException(WarmUpOptions.TIMEOUT.key() + " must be positive, was " + timeout);
        }
        if (tablesPerCatalog < 1) {
            throw new IllegalArgumentException(
                    WarmUpOptions.TABLES_PER_CATALOG.key() + " must be at least 1, was " + tablesPerCatalog);
        }
    }

    public static WarmUpConfig from(ReadableConfig config) {
        return new WarmUpConfig(
                config.get(WarmUpOptions.ENABLED),
                config.get(WarmUpOptions.TIMEOUT),
                config.get(WarmUpOptions.TABLES_PER_CATALOG));
    }
}
