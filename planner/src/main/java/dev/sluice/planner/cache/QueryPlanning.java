package dev.sluice.planner.cache;

import dev.sluice.planner.access.AccessCheck;
import org.apache.flink.table.api.TableEnvironment;

/**
 * The planning of one pushed query, started by {@link JobPlanCache#startPlanning}: what it looks up in observed
 * catalogs and what it puts to the access check are kept for {@link JobPlanCache#keepPushed}. Close it when planning
 * ends.
 */
public final class QueryPlanning implements AutoCloseable {
    private final PlanningLookups lookups;
    private final CapturingCheck check;
    // the shared key's options as the session was before planning: what a session that has planned nothing yet has
    private final OptionsSnapshot optionsBefore;
    private final OptionsSnapshot environmentOptionsBefore;

    QueryPlanning(PlanningLookups lookups, CapturingCheck check, TableEnvironment environment) {
        this.lookups = lookups;
        this.check = check;
        this.optionsBefore = JobPlanKey.sharedOptions(environment.getConfig().getConfiguration());
        this.environmentOptionsBefore =
                JobPlanKey.sharedOptions(environment.getConfig().getRootConfiguration());
    }

    /** The session's check, to plan with. */
    public AccessCheck check() {
        return check;
    }

    PlanningLookups lookups() {
        return lookups;
    }

    CapturingCheck capturingCheck() {
        return check;
    }

    /** The shared key of {@code statement} as the session was before planning, resolving names where {@code after} does. */
    JobPlanKey sharedKeyBefore(String statement, JobPlanKey after) {
        return JobPlanKey.shared(statement, optionsBefore, environmentOptionsBefore, after.catalog(), after.database());
    }

    @Override
    public void close() {
        lookups.close();
    }
}
