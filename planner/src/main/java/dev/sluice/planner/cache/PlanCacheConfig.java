package dev.sluice.planner.cache;

import org.apache.flink.configuration.ReadableConfig;

import static dev.sluice.planner.cache.PlanCacheOptions.ENABLED;
import static dev.sluice.planner.cache.PlanCacheOptions.MAX_SIZE;

/** The plan cache's settings, validated. */
public record PlanCacheConfig(boolean enabled, int maxSize) {
    public PlanCacheConfig {
        if (maxSize < 1) {
            throw new IllegalArgumentException(MAX_SIZE.key() + " must be at least 1, was " + maxSize);
        }
    }

    public static PlanCacheConfig from(ReadableConfig config) {
        return new PlanCacheConfig(config.get(ENABLED), config.get(MAX_SIZE));
    }
}
