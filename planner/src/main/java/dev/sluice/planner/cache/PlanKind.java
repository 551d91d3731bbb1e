package dev.sluice.planner.cache;

import dev.sluice.planner.plan.ConstantQueries;

import java.util.Locale;

/** What a gateway plan is: rows of a query answered without a job, or the compiled operators of a query's job. */
public enum PlanKind {
    /** A query that reads no table, answered in the gateway ({@link ConstantQueries}). */
    CONSTANT,
    /** A query that runs a job on the cluster ({@link JobPlanCache}). */
    JOB;

    /** The name in metrics: {@code constant} or {@code job}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
