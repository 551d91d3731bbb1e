package dev.sluice.planner.cache;

import org.apache.flink.configuration.ReadableConfig;

import static dev.sluice.planner.cache.PlanCacheOptions.ENABLED;
import static dev.sluice.planner.cache.PlanCacheOptions.LITERAL_TEMPLATES;
import static dev.sluice.planner.cache.PlanCacheOptions.MAX_SIZE;

/**
 * The plan cache's settings, validated.
 *
 * @param literalTemplates whether a statement that differs from one planned before only in its literals takes that
 *     plan with its values ({@link PlanTemplates})
 */
public record PlanCacheConfig(boolean enabled, int maxSize, boolean literalTemplates) {
    public PlanCacheConfig {
        if (maxSize < 1) {
            throw new IllegalArgumentException(MAX_SIZE.key() + " must be at least 1, was " + maxSize);
        }
    }

    /** Settings with templates of literal values on. */
    public PlanCacheConfig(boolean enabled, int maxSize) {
        this(enabled, maxSize, true);
    }

    public static PlanCacheConfig from(ReadableConfig config) {
        return new PlanCacheConfig(config.get(ENABLED), config.get(MAX_SIZE), config.get(LITERAL_TEMPLATES));
    }
}
