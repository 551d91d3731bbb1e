package dev.sluice.gateway.result;

/** Told once how a query's result ended, so its history and metrics can say so. */
@FunctionalInterface
public interface ResultEnd {
    /**
     * @param outcome how it ended, as metrics count it
     * @param how the same for {@code SHOW QUERY HISTORY}: {@code finished}, {@code closed early}, or the failure
     */
    void ended(QueryOutcome outcome, String how);
}
