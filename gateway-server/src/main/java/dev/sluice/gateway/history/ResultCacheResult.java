package dev.sluice.gateway.history;

import java.util.Locale;

/** What the result cache did for a query. */
public enum ResultCacheResult {
    /** Answered from the result cache: no plan, no job. */
    HIT,
    /** Not in the cache: the query ran, and its complete result was kept for the next time. */
    MISS,
    /**
     * Not in the cache, and its result was not kept: it cannot be (a table without a version, a function of the time,
     * a result over the bound per entry), the data changed while it ran, or its client did not read it to the end.
     */
    SKIP;

    /** The name in {@code SHOW QUERY HISTORY}: {@code hit}, {@code miss} or {@code skip}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
