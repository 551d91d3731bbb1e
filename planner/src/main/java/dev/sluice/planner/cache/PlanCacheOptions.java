package dev.sluice.planner.cache;

import org.apache.flink.configuration.ConfigOption;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the plan cache, which lets a repeated query skip planning; reference: docs/configuration.md. */
public final class PlanCacheOptions {
    public static final ConfigOption<Boolean> ENABLED = key("sluice.plan-cache.enabled")
            .booleanType()
            .defaultValue(true)
            .withDescription("Reuse the plan of a query that a connection runs again: the same text up to white space"
                    + " and comments, no DDL, USE, SET or RESET since, and nothing in it that depends on when it"
                    + " runs (CURRENT_TIMESTAMP, RAND, ...). A connection may turn it off for itself (a property of"
                    + " the JDBC URL or SET 'sluice.plan-cache.enabled' = 'false'), not on when the gateway has it"
                    + " off.");

    public static final ConfigOption<Integer> MAX_SIZE = key("sluice.plan-cache.max-size")
            .intType()
            .defaultValue(256)
            .withDescription("Plans of queries with a job kept at most, across all connections; the least recently"
                    + " used is dropped beyond that. Each holds the query's compiled operators.");

    public static final ConfigOption<Boolean> LITERAL_TEMPLATES = key("sluice.plan-cache.literal-templates")
            .booleanType()
            .defaultValue(true)
            .withDescription("Let a query that differs from one planned before only in the values of its literals (a"
                    + " prepared statement with new parameters, a filter with another value) take that plan with its"
                    + " values written in: Flink then only translates the plan, without parsing and optimising it. The"
                    + " plan is proven to take any value by planning the statement twice with stand-in values the"
                    + " second time it comes with new ones; a statement whose plan depends on a value (a partition"
                    + " pruned, an IN list, a row count) is planned in full. Needs sluice.plan-cache.enabled.");

    private PlanCacheOptions() {}
}
