package dev.sluice.gateway.statement;

import dev.sluice.gateway.dataaccess.SessionDataAccess;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.planning.BoundedPlanning;
import dev.sluice.gateway.resultcache.ResultCache;
import dev.sluice.jobs.JobSubmissions;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.sessioncache.ClusterEndpoint;

import static java.util.Objects.requireNonNull;

/**
 * What every part of one session that runs its statements is given: the session's id and cluster, the one clock, the
 * observer that metrics listen through, the gateway's plan and result caches, the executor that submits the
 * session's jobs, how the cluster's results reach the gateway, the data-access policy, and the planning workers with
 * their bound. One value instead of the same parameters down every constructor.
 *
 * @param submissions the session's executor: told the job a statement submits next, asked the timings of the last,
 *     and taken a statement that waits for admission out of the queue
 * @param jobPlans plans of queries with a job, shared by the gateway's sessions
 * @param results results of queries, shared by the gateway's sessions
 * @param transports how the cluster's query results reach the gateway
 * @param dataAccess what the session's statements may declare, read and write, judged before Flink runs them
 * @param planning runs the statements that may plan in Flink within {@code sluice.query.max-planning-time}, and
 *     refuses the job of one whose planning was given up
 */
public record SessionContext(
        String sessionId,
        ClusterEndpoint cluster,
        SessionClock clock,
        QueryObserver observer,
        JobPlanCache jobPlans,
        ResultCache results,
        JobSubmissions submissions,
        ResultTransports transports,
        SessionDataAccess dataAccess,
        BoundedPlanning planning) {
    public SessionContext {
        requireNonNull(sessionId, "sessionId is null");
        requireNonNull(cluster, "cluster is null");
        requireNonNull(clock, "clock is null");
        requireNonNull(observer, "observer is null");
        requireNonNull(jobPlans, "jobPlans is null");
        requireNonNull(results, "results is null");
        requireNonNull(submissions, "submissions is null");
        requireNonNull(transports, "transports is null");
        requireNonNull(dataAccess, "dataAccess is null");
        requireNonNull(planning, "planning is null");
    }
}
