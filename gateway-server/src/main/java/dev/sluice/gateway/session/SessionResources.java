package dev.sluice.gateway.session;

import dev.sluice.gateway.history.ClosedSessionHistory;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.planning.BoundedPlanning;
import dev.sluice.gateway.resultcache.ResultCache;
import dev.sluice.gateway.statement.ResultTransports;
import dev.sluice.jobs.admission.ClusterAdmissions;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.sessioncache.ClusterClients;

import static java.util.Objects.requireNonNull;

/**
 * What every session of the gateway uses and none owns: the cluster clients, each cluster's admission, the plan and
 * result caches, how each cluster's results reach the gateway, the observer that metrics listen through, the one clock
 * of idle timeouts, deadlines, phases and the query history, what closed sessions' histories left, and the planning
 * workers with their bound.
 */
public record SessionResources(
        ClusterClients clusterClients,
        ClusterAdmissions admissions,
        JobPlanCache jobPlans,
        ResultCache results,
        ResultTransports transports,
        QueryObserver observer,
        SessionClock clock,
        ClosedSessionHistory closedSessions,
        BoundedPlanning planning) {
    public SessionResources {
        requireNonNull(clusterClients, "clusterClients is null");
        requireNonNull(admissions, "admissions is null");
        requireNonNull(jobPlans, "jobPlans is null");
        requireNonNull(results, "results is null");
        requireNonNull(transports, "transports is null");
        requireNonNull(observer, "observer is null");
        requireNonNull(clock, "clock is null");
        requireNonNull(closedSessions, "closedSessions is null");
        requireNonNull(planning, "planning is null");
    }
}
