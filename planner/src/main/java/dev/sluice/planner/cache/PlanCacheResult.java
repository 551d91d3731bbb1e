package dev.sluice.planner.cache;

import java.util.Locale;

/** How a statement's plan was found. */
public enum PlanCacheResult {
    /** Reused from the plan cache: the statement was not planned. */
    HIT,
    /**
     * Taken from the plan of the same statement with other literal values, with this one's written in: translated,
     * not parsed, validated or optimised ({@code template} in metrics and history).
     */
    TEMPLATE,
    /** Planned, and the plan cached for the next time. */
    MISS,
    /** Planned, and not cached: the cache is off, or the plan must not be reused ({@link ReusablePlans}). */
    SKIP;

    /** The name in metrics and in {@code SHOW QUERY HISTORY}: {@code hit}, {@code template}, {@code miss} or {@code skip}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
