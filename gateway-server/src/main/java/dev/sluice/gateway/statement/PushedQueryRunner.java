package dev.sluice.gateway.statement;

import dev.sluice.gateway.dataaccess.SessionDataAccess;
import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.planning.BoundedPlanning;
import dev.sluice.gateway.push.ResultEndpointServer;
import dev.sluice.gateway.result.PushedResultRows;
import dev.sluice.gateway.result.QueryDeadline;
import dev.sluice.gateway.resultcache.ResultFill;
import dev.sluice.gateway.settings.QuerySettings;
import dev.sluice.jobs.JobRequest;
import dev.sluice.jobs.JobSubmissions;
import dev.sluice.jobs.NextJob;
import dev.sluice.jobs.SubmissionTimings;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanScope;
import dev.sluice.push.PushEndpointUnreachableException;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.util.ExceptionUtils;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import static java.util.Objects.requireNonNull;

/**
 * The push path of a session's queries ({@link FlinkStatementRunner}): starts a query whose job's sink pushes its rows
 * to the result endpoint ({@link PushedQueryStarter}) and waits in execute until its rows may be handed out. Two waits
 * happen here, before any row reaches the client, because only then can the query still be run another way: a query
 * whose shared job failed runs again in a job of its own, and a query whose sink cannot reach the endpoint runs again
 * on the collect path.
 *
 * <p>Not thread-safe: used under the session's execution lock, except {@link #cancelStarting}.
 */
final class PushedQueryRunner {
    private static final Logger LOG = LoggerFactory.getLogger(PushedQueryRunner.class);
    // how long a pushed query waits in execute for its sink to connect, to find a cluster that cannot reach the
    // endpoint before any row is read; a sink that takes longer (a batch sink behind a blocking exchange is deployed
    // only when its input is complete) is waited for by the first fetch, and an unreachable endpoint found then fails
    // the query instead of switching the cluster to the collect path
    private static final Duration FIRST_SINK_WAIT = Duration.ofSeconds(10);
    // how long a query whose job carries others waits in execute for its result to end, before any row is handed out:
    // a failure of the shared job within it (which may be another query's) runs the query again in a job of its own;
    // a short query, the kind that shares jobs, ends well within it, and a longer one starts answering after it
    private static final Duration SHARED_JOB_ANSWER_WINDOW = Duration.ofSeconds(1);

    private final String sessionId;
    private final ClusterEndpoint cluster;
    private final JobPlanCache jobPlans;
    private final JobSubmissions submissions;
    private final SessionClock clock;
    private final ResultTransports transports;
    private final SessionDataAccess dataAccess;
    private final BooleanSupplier loadedUserCode;
    private final BoundedPlanning planning;
    // a pushed query waiting for its sink: a cancel closes it (its job is cancelled, and the wait ends)
    private volatile @Nullable PushedResultRows starting;

    /**
     * @param submissions the session's executor: the job a statement submits next, and the timings of the last
     * @param transports how the cluster's results reach the gateway; told when the cluster cannot reach the endpoint
     * @param loadedUserCode whether the session may have loaded code from a jar, so that its jobs share no job
     */
    PushedQueryRunner(SessionContext context, BooleanSupplier loadedUserCode) {
        requireNonNull(context, "context is null");
        this.sessionId = context.sessionId();
        this.cluster = context.cluster();
        this.jobPlans = context.jobPlans();
        this.submissions = context.submissions();
        this.clock = context.clock();
        this.transports = context.transports();
        this.dataAccess = context.dataAccess();
        this.loadedUserCode = requireNonNull(loadedUserCode, "loadedUserCode is null");
        this.planning = context.planning();
    }

    /**
     * Runs a query whose job's sink pushes its rows to {@code endpoint}, from the session's compiled plan of the same
     * query when it has one, and records its plan in {@code trace}.
     *
     * <p>Returns once the job's sink has connected (the client's first fetch waits for that anyway), so that a cluster
     * whose TaskManagers cannot reach the endpoint is found before any row could have reached the client: then the
     * cluster is made collect-only and this returns empty, for the caller to run the query on the collect path. The
     * submission of the returned query is still the executor's, for the caller to take.
     *
     * @param fill keeps the query's result in the result cache, if it may; null when the cache is not asked
     */
    Optional<PushedQueryStarter.StartedQuery> run(
            ResultEndpointServer endpoint,
            TableEnvironment tableEnvironment,
            PlannedStatement planned,
            QuerySettings settings,
            PlanScope planScope,
            QueryTrace trace,
            QueryDeadline deadline,
            NextJob job,
            @Nullable ResultFill fill) {
        // the key copies the session's options: not worth it on a cluster whose jobs carry one query each
        Object sharingKey = submissions.maxQueriesPerJob() > 1
                ? SharingKeys.of(tableEnvironment, loadedUserCode.getAsBoolean())
                : null;
        PushedQueryStarter.StartedQuery started =
                start(endpoint, tableEnvironment, planned, settings, planScope, sharingKey, job, deadline, fill);
        starting = started.rows();
        if (started.sharesJob()) {
            started = aloneIfSharedJobFailed(
                    started, endpoint, tableEnvironment, planned, settings, planScope, job, deadline, fill);
        }
        trace.planned(started.planCache());
        Optional<PushEndpointUnreachableException> unreachable;
        try {
            unreachable = started.rows()
                    .awaitFirstSink(min(deadline.remaining(clock.nanoTime()), FIRST_SINK_WAIT))
                    .flatMap(failure -> ExceptionUtils.findThrowable(failure, PushEndpointUnreachableException.class));
        } catch (RuntimeException | Error e) {
            started.rows().close();
            startedSubmission(started).ifPresent(failed -> failed.permit().close());
            throw e;
        } finally {
            starting = null;
        }
        if (unreachable.isPresent()) {
            started.rows().close();
            startedSubmission(started).ifPresent(failed -> failed.permit().close());
            transports.collectOnly(cluster, unreachable.get());
            return Optional.empty();
        }
        return Optional.of(started);
    }

    /** Cancels a pushed query of this session that still waits for its sink, if one does. Safe from any thread. */
    void cancelStarting() {
        PushedResultRows rows = starting;
        if (rows != null) {
            rows.close();
        }
    }

    /**
     * Waits a short while for the result of a query whose job carries others to end. If the shared job fails first,
     * the query is started again in a job of its own: no row of it was handed out yet, and the failure may be another
     * query's, which this query should not answer with.
     */
    private PushedQueryStarter.StartedQuery aloneIfSharedJobFailed(
            PushedQueryStarter.StartedQuery started,
            ResultEndpointServer endpoint,
            TableEnvironment tableEnvironment,
            PlannedStatement planned,
            QuerySettings settings,
            PlanScope planScope,
            NextJob job,
            QueryDeadline deadline,
            @Nullable ResultFill fill) {
        Optional<RuntimeException> sharedJobFailure =
                started.rows().awaitEndOrFailure(min(deadline.remaining(clock.nanoTime()), SHARED_JOB_ANSWER_WINDOW));
        if (sharedJobFailure.isEmpty()) {
            return started;
        }
        LOG.debug(
                "Session {}: the shared job of a query failed before its end; it runs on its own",
                sessionId,
                sharedJobFailure.get());
        started.rows().close();
        startedSubmission(started).ifPresent(failed -> failed.permit().close());
        PushedQueryStarter.StartedQuery alone = start(
                endpoint,
                tableEnvironment,
                planned,
                settings,
                planScope,
                null,
                aloneJob(job, deadline),
                deadline,
                fill);
        starting = alone.rows();
        return alone;
    }

    /**
     * Starts a pushed query, sharing a job with others when {@code sharingKey} allows; a query whose shared job was
     * not submitted runs again on its own.
     */
    private PushedQueryStarter.StartedQuery start(
            ResultEndpointServer endpoint,
            TableEnvironment tableEnvironment,
            PlannedStatement planned,
            QuerySettings settings,
            PlanScope planScope,
            @Nullable Object sharingKey,
            NextJob job,
            QueryDeadline deadline,
            @Nullable ResultFill fill) {
        PushedQueryStarter starter =
                new PushedQueryStarter(endpoint, submissions, jobPlans, sessionId, cluster, dataAccess, planning);
        boolean reusePlans = jobPlans.isEnabled() && settings.planCacheEnabled();
        try {
            try {
                return starter.start(tableEnvironment, planned, planScope, reusePlans, sharingKey, job, fill);
            } catch (PushedQueryStarter.RunAloneException e) {
                LOG.debug("Session {}: {}; the query runs on its own", sessionId, e.getMessage(), e.getCause());
                return starter.start(
                        tableEnvironment, planned, planScope, reusePlans, null, aloneJob(job, deadline), fill);
            }
        } catch (RuntimeException e) {
            throw ClusterUnavailableException.reportedAs(cluster, e);
        }
    }

    /** The submission of a started query: its own, or the one it rides in. */
    private static Optional<SubmissionTimings> startedSubmission(PushedQueryStarter.StartedQuery started) {
        return Optional.ofNullable(started.timings());
    }

    /** The statement's job again, for the query run on its own after its shared job fell through: its time left now. */
    private NextJob aloneJob(NextJob job, QueryDeadline deadline) {
        JobRequest request = job.request();
        return NextJob.of(new JobRequest(
                request.name(), deadline.remaining(clock.nanoTime()), request.timeoutKey(), request.timeout()));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
