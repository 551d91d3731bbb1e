package dev.sluice.planner.cache;

import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.DataAccess;
import org.apache.flink.table.api.TableEnvironment;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * What a kept plan read in observed catalogs, and what it touches: looked up and checked again before each reuse.
 *
 * @param objects the tables and views planning looked up, with their versions
 * @param accesses what the statement touches, put to the access check of every run
 */
record KeptDependencies(PlanDependencies objects, List<DataAccess> accesses) {
    private static final Logger LOG = LoggerFactory.getLogger(KeptDependencies.class);

    /** A plan that read nothing observed and touches nothing checked. */
    static final KeptDependencies NONE = new KeptDependencies(PlanDependencies.NONE, List.of());

    KeptDependencies {
        requireNonNull(objects, "objects is null");
        accesses = List.copyOf(accesses);
    }

    /** What {@code planning} looked up and what passed its check; null if it read something that cannot be checked. */
    static @Nullable KeptDependencies of(QueryPlanning planning) {
        if (planning.lookups().unversioned() != null) {
            return null;
        }
        return new KeptDependencies(planning.lookups().dependencies(), planning.checked());
    }

    /**
     * Whether a plan with these dependencies may run on {@code environment} now: nothing it read changed. Puts its
     * accesses to {@code check}, which throws to refuse.
     */
    boolean isCurrent(TableEnvironment environment, AccessCheck check, PlanScope scope) {
        Optional<String> change;
        try {
            change = objects.findChange(environment);
        } catch (RuntimeException e) {
            // a catalog that cannot answer now: planning again will say why, in the statement's own error
            LOG.debug(
                    "Session {}: cannot look up what a cached plan read, so it is planned again", scope.sessionId(), e);
            return false;
        }
        if (change.isPresent()) {
            LOG.debug("Session {}: a cached plan is not used: {}", scope.sessionId(), change.get());
            return false;
        }
        check.check(accesses);
        return true;
    }
}
