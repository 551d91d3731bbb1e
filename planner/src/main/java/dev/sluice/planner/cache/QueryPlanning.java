package dev.sluice.planner.cache;

import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.DataAccess;
import org.apache.flink.table.api.TableEnvironment;

import java.util.ArrayList;
import java.util.List;

/**
 * The planning of one pushed query, started by {@link JobPlanCache#startPlanning}: what it looks up in observed
 * catalogs and what it puts to the access check are kept for {@link JobPlanCache#keepPushed}. Close it when planning
 * ends.
 */
public final class QueryPlanning implements AutoCloseable {
    private final PlanningLookups lookups;
    // what passed the session's check while planning: a cached plan is put to the check of every later run (another
    // session's, which may not see what this one could, or this one's after the rules changed)
    private final List<DataAccess> checked = new ArrayList<>();
    private final AccessCheck check;
    // the shared key's options as the session was before planning: what a session that has planned nothing yet has
    private final OptionsSnapshot optionsBefore;
    private final OptionsSnapshot environmentOptionsBefore;

    QueryPlanning(PlanningLookups lookups, AccessCheck check, TableEnvironment environment) {
        this.lookups = lookups;
        this.check = check.thenObserve(checked::addAll);
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

    /** Everything that passed the check while planning. */
    List<DataAccess> checked() {
        return List.copyOf(checked);
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
