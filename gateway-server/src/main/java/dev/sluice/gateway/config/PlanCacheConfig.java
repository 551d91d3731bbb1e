package dev.sluice.gateway.config;

import org.apache.flink.configuration.ReadableConfig;

import static dev.sluice.gateway.config.PlanCacheOptions.ENABLED;
import static dev.sluice.gateway.config.PlanCacheOptions.MAX_SIZE;

/** The gateway's plan cache, validated. */
public record PlanCacheConfig(boolean enabled, int maxSize) {
    public PlanCacheConfig {
        Checks.check(maxSize >= 1, "%s must be at least 1, was %s", MAX_SIZE.key(), maxSize);
    }

    public static PlanCacheConfig from(ReadableConfig config) {
        return new PlanCacheConfig(config.get(ENABLED), config.get(MAX_SIZE));
    }
}
