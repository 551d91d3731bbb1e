package dev.sluice.gateway.warmup;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * The warm-up before the gateway says it is ready.
 *
 * @param enabled whether it runs
 * @param timeout the longest it may take over all clusters
 */
public record WarmUpConfig(boolean enabled, Duration timeout) {
    public WarmUpConfig {
        requireNonNull(timeout, "timeout is null");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException(WarmUpOptions.TIMEOUT.key() + " must be positive, was " + timeout);
        }
    }

    public static WarmUpConfig from(ReadableConfig config) {
        return new WarmUpConfig(config.get(WarmUpOptions.ENABLED), config.get(WarmUpOptions.TIMEOUT));
    }
}
