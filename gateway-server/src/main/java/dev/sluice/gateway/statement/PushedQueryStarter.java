package dev.sluice.gateway.statement;

import dev.sluice.gateway.dataaccess.SessionDataAccess;
import dev.sluice.gateway.planning.BoundedPlanning;
import dev.sluice.gateway.push.PushedJob;
import dev.sluice.gateway.push.PushedQueryRows;
import dev.sluice.gateway.push.PushedResult;
import dev.sluice.gateway.push.ResultEndpointServer;
import dev.sluice.gateway.push.SharedSinkNames;
import dev.sluice.gateway.result.PushedResultRows;
import dev.sluice.gateway.resultcache.ResultFill;
import dev.sluice.jobs.JobLifetimeReader;
import dev.sluice.jobs.JobPlace;
import dev.sluice.jobs.JobRequest;
import dev.sluice.jobs.JobSubmissions;
import dev.sluice.jobs.NextJob;
import dev.sluice.jobs.QueryTimeoutException;
import dev.sluice.jobs.SubmissionTimings;
import dev.sluice.jobs.Submitted;
import dev.sluice.jobs.SubmittedJobClient;
import dev.sluice.jobs.admission.JobPermit;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.cache.CachedPushPlan;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.cache.PlanScope;
import dev.sluice.planner.cache.QueryPlanning;
import dev.sluice.planner.cache.ResultDependencies;
import dev.sluice.planner.push.BoundPushQuery;
import dev.sluice.planner.push.CompiledPushQuery;
import dev.sluice.planner.push.PushQueryJob;
import dev.sluice.planner.push.PushQueryPlan;
import dev.sluice.planner.push.PushQueryPlanner;
import dev.sluice.planner.push.ResultChanges;
import dev.sluice.push.PushSinkBinding;
import dev.sluice.sessioncache.ClusterEndpoint;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import static java.util.Objects.requireNonNull;

/**
 * Starts a query whose rows the job's sink pushes to the result endpoint: plan (or take the session's compiled plan of
 * the same query), register the result (its ticket goes into the sink's options), submit. The job is submitted
 * without the start wait's status polls: a job that fails while initializing fails the result through the job's end,
 * with the cluster's cause.
 *
 * <p>A plan is reused as a collected query's is ({@link JobPlanCache}: same session, state and options, and a plan
 * that may be reused): its translated transformations run again with a sink that carries the new result's ticket
 * ({@link PushSinkBinding}), so Flink's parsing, optimisation and translation run once per statement, not per run.
 *
 * <p>A query that may share a job ({@link SharingKeys}) on a cluster whose jobs may carry several queries waits for
 * the cluster's admission before its job is built. If it is admitted, it takes the queries that wait behind it with
 * the same key into its job ({@code ClusterAdmission.takeRiders}) and hands each the job; if another query takes it,
 * it waits for that query's job instead of submitting its own. A query whose shared job cannot be submitted learns it
 * from {@link RunAloneException}, and runs again in a job of its own.
 *
 * <p>Not thread-safe: used under the session's execution lock, on its planning thread.
 */
final class PushedQueryStarter {
    private final ResultEndpointServer endpoint;
    private final JobSubmissions submissions;
    private final JobPlanCache jobPlans;
    private final String sessionId;
    private final ClusterEndpoint cluster;
    private final SessionDataAccess dataAccess;
    private final BoundedPlanning planningBound;

    /**
     * @param submissions the session's executor: admission, and the switch for the start wait of its next job
     * @param planningBound told where the query's planning ends; refuses the job of one whose planning was given up
     */
    PushedQueryStarter(
            ResultEndpointServer endpoint,
            JobSubmissions submissions,
            JobPlanCache jobPlans,
            String sessionId,
            ClusterEndpoint cluster,
            SessionDataAccess dataAccess,
            BoundedPlanning planningBound) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.submissions = requireNonNull(submissions, "submissions is null");
        this.jobPlans = requireNonNull(jobPlans, "jobPlans is null");
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.dataAccess = requireNonNull(dataAccess, "dataAccess is null");
        this.planningBound = requireNonNull(planningBound, "planningBound is null");
    }

    /**
     * A started query: its columns, its rows as they arrive, whether its plan came from the cache, and the timings of
     * its job (its own, or the one it rides in, as this query saw it), whose permit holds the query's place in
     * admission until its result has ended.
     */
    record StartedQuery(
            ResolvedSchema schema,
            PushedResultRows rows,
            PlanCacheResult planCache,
            @Nullable SubmissionTimings timings,
            ResultChanges changes) {
        StartedQuery {
            requireNonNull(schema, "schema is null");
            requireNonNull(changes, "changes is null");
            requireNonNull(rows, "rows is null");
            requireNonNull(planCache, "planCache is null");
        }

        /** Whether the query's job carries other queries too. */
        boolean sharesJob() {
            return rows.sharesJob();
        }
    }

    /** The job that was to carry the query together with others was not submitted: run the query on its own. */
    static final class RunAloneException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RunAloneException(String message, @Nullable Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Plans {@code query}, or takes its compiled plan, and submits its job, or has it carried by another query's job.
     *
     * @param reusePlans whether the session lets queries reuse plans
     * @param sharingKey the query's key for sharing a job ({@link SharingKeys}); null for a job of its own, as on a
     *     cluster whose jobs carry one query each
     * @param job the statement's job: its name and time left, also for the name of a job it shares
     * @param fill told what the query's rows depend on just before its job is submitted, to keep its result in the
     *     result cache; null when the cache is not asked
     * @throws org.apache.flink.table.api.ValidationException if the query is invalid; nothing is registered then
     * @throws RunAloneException if the job that was to carry it with others was not submitted
     */
    StartedQuery start(
            TableEnvironment tableEnvironment,
            PlannedStatement query,
            PlanScope planScope,
            boolean reusePlans,
            @Nullable Object sharingKey,
            NextJob job,
            @Nullable ResultFill fill) {
        boolean mayShare = sharingKey != null;
        Optional<CachedPushPlan> cached =
                reusePlans ? jobPlans.findPushed(tableEnvironment, planScope, query, dataAccess) : Optional.empty();
        PlanCacheResult found = PlanCacheResult.HIT;
        if (cached.isEmpty() && reusePlans) {
            cached = jobPlans.findTemplated(tableEnvironment, planScope, query, dataAccess);
            found = PlanCacheResult.TEMPLATE;
        }
        CompiledPushQuery compiled;
        PushedResult<RowData> result;
        UnaryOperator<List<Transformation<?>>> bindSink;
        PlanCacheResult cacheResult;
        QueryPlanning planning = null;
        if (cached.isPresent()) {
            compiled = cached.get().compiled();
            result = endpoint.results().register(compiled.newSerializer());
            Map<String, String> sinkOptions = endpoint.sinkOptions(result);
            bindSink = plan -> PushSinkBinding.bind(plan, sinkOptions);
            cacheResult = found;
        } else {
            // what planning looks up in shared catalogs and what it touches are kept with the plan
            try (QueryPlanning observed = jobPlans.startPlanning(tableEnvironment, dataAccess)) {
                planning = observed;
                PushQueryPlan plan = PushQueryPlanner.plan(tableEnvironment, query.sql(), observed.check());
                result = endpoint.results().register(plan.newSerializer());
                PushedResult<RowData> registered = result;
                compiled = closedOnFailure(result, () -> plan.compile(endpoint.sinkOptions(registered)));
            }
            bindSink = UnaryOperator.identity();
            cacheResult = null;
        }
        if (mayShare) {
            // a sink of its own name, even in a plan just compiled: the job it may share is traced back to it
            Map<String, String> sinkOptions = endpoint.sinkOptions(result);
            String sinkName = SharedSinkNames.of(result.ticket().resultId());
            bindSink = plan -> PushSinkBinding.bind(plan, sinkOptions, sinkName);
        }
        // planned: what follows reads the data's versions and asks for admission; a query whose planning was given up
        // stops here, with no job
        closedOnFailure(result, () -> {
            planningBound.planningEnds();
            return null;
        });
        if (fill != null) {
            ResultDependencies dependencies = cached.isPresent()
                    ? cached.get().dependencies()
                    : ResultDependencies.of(requireNonNull(planning), compiled);
            fill.beforeSubmit(tableEnvironment, dependencies); // a failure only means no entry
        }
        CompiledPushQuery toRun = compiled;
        PushedResult<RowData> toDeliver = result;
        // startSharing closes the result itself on failure: a query that gave up waiting for the job it rides in
        // keeps its result open for that job's sink
        StartedQuery started = mayShare
                ? startSharing(tableEnvironment, toRun, toDeliver, bindSink, sharingKey, job)
                : startAlone(tableEnvironment, toRun, toDeliver, bindSink, job);
        if (cacheResult == null) {
            cacheResult = reusePlans
                    ? jobPlans.keepPushed(planScope, query, compiled, requireNonNull(planning))
                    : PlanCacheResult.SKIP;
        }
        return new StartedQuery(started.schema(), started.rows(), cacheResult, started.timings(), started.changes());
    }

    /**
     * Submits the query as a job of its own, through {@code tableEnvironment}: the session's, also for a plan that
     * another session compiled and shares.
     */
    private StartedQuery startAlone(
            TableEnvironment tableEnvironment,
            CompiledPushQuery compiled,
            PushedResult<RowData> result,
            UnaryOperator<List<Transformation<?>>> bindSink,
            NextJob job) {
        Submitted<PushQueryJob> submitted = submit(
                result,
                job,
                () -> CompiledPushQuery.submitTogether(tableEnvironment, List.of(compiled.bind(bindSink))));
        return started(
                compiled,
                result,
                PushedJob.watched(submitted.value().jobClient(), endpoint.jobEnds(), 1),
                submitted.timings());
    }

    /**
     * Waits for admission as a query that may share a job; then either submits its job with the queries it takes
     * along, or rides in the job of the query that took it.
     */
    private StartedQuery startSharing(
            TableEnvironment tableEnvironment,
            CompiledPushQuery compiled,
            PushedResult<RowData> result,
            UnaryOperator<List<Transformation<?>>> bindSink,
            Object sharingKey,
            NextJob job) {
        SharedJobMember self = closedOnFailure(
                result, () -> new SharedJobMember(sharingKey, compiled.bind(bindSink), System.nanoTime()));
        NextJob admitted =
                closedOnFailure(result, () -> submissions.admitNextJob(job, tableEnvironment.getConfig(), self));
        JobPlace place = requireNonNull(admitted.place(), "an admitted job holds its place");
        if (place.rides()) {
            return ride(compiled, result, self, place.permit(), job.request());
        }
        List<SharedJobMember> riders = closedOnFailure(result, () -> {
            try {
                return submissions.takeRiders(place.permit(), self).stream()
                        .map(SharedJobMember.class::cast)
                        .toList();
            } catch (RuntimeException | Error e) {
                place.permit().close(); // no job will be submitted for this place
                throw e;
            }
        });
        if (riders.isEmpty()) {
            Submitted<PushQueryJob> submitted = submit(
                    result, admitted, () -> CompiledPushQuery.submitTogether(tableEnvironment, List.of(self.query())));
            return started(
                    compiled,
                    result,
                    PushedJob.watched(submitted.value().jobClient(), endpoint.jobEnds(), 1),
                    submitted.timings());
        }
        List<BoundPushQuery> queries = new ArrayList<>();
        queries.add(self.query());
        riders.forEach(rider -> queries.add(rider.query()));
        Submitted<PushQueryJob> submitted;
        try {
            submitted = submit(
                    result,
                    NextJob.of(JobNames.shared(job.request(), queries.size())).holding(place),
                    () -> CompiledPushQuery.submitTogether(tableEnvironment, queries));
        } catch (RuntimeException | Error e) {
            RunAloneException runAlone = new RunAloneException(
                    "The job that was to carry " + queries.size() + " queries was not submitted", e);
            riders.forEach(rider -> rider.notStarted(runAlone));
            throw runAlone;
        }
        PushedJob shared = PushedJob.watched(submitted.value().jobClient(), endpoint.jobEnds(), queries.size());
        SharedJobMember.Start start =
                new SharedJobMember.Start(shared, System.nanoTime(), lifetimeOf(submitted.value()));
        riders.forEach(rider -> rider.started(start));
        return started(compiled, result, shared, submitted.timings());
    }

    /** Waits for the job of the query that took this one along, within the statement's time left. */
    private StartedQuery ride(
            CompiledPushQuery compiled,
            PushedResult<RowData> result,
            SharedJobMember self,
            JobPermit permit,
            JobRequest jobRequest) {
        long admittedNanos = System.nanoTime();
        Optional<SharedJobMember.Start> start;
        try {
            start = self.awaitStart(jobRequest.remaining().minusNanos(admittedNanos - self.enqueuedNanos()));
        } catch (TimeoutException e) {
            permit.close();
            // the job may still come with this query's sink in it: that sink is then read and its rows dropped, so
            // that the job goes on for the others; if it does not come, nothing will deliver the result
            self.whenStarted().whenComplete((late, failure) -> {
                if (late != null) {
                    new PushedQueryRows(result, compiled.newRowConverter(), late.job()).close();
                } else {
                    result.close();
                }
            });
            throw QueryTimeoutException.ofWait(
                    "The job that carries the query together with others was not submitted",
                    e,
                    jobRequest.timeoutKey(),
                    jobRequest.timeout(),
                    Duration.ofNanos(System.nanoTime() - self.enqueuedNanos()));
        }
        if (start.isEmpty()) {
            permit.close();
            result.close();
            throw new RunAloneException("The job that was to carry this query with others was not submitted", null);
        }
        SharedJobMember.Start job = start.get();
        SubmissionTimings timings = new SubmissionTimings(
                job.job().client().getJobID(),
                self.enqueuedNanos(),
                admittedNanos,
                job.submittedNanos(),
                job.submittedNanos(),
                permit,
                job.lifetime());
        return started(compiled, result, job.job(), timings);
    }

    private static JobLifetimeReader lifetimeOf(PushQueryJob job) {
        return job.jobClient() instanceof SubmittedJobClient sessionJob
                ? sessionJob.lifetime()
                : JobLifetimeReader.unavailable(job.jobClient().getJobID(), "not a job of a session");
    }

    /**
     * Submits a pushed query's job through the session's executor; it returns at the cluster's acknowledgement, since
     * the result learns a failed start from the job's end anyway.
     */
    private Submitted<PushQueryJob> submit(
            PushedResult<RowData> result, NextJob job, Supplier<PushQueryJob> submission) {
        return closedOnFailure(result, () -> submissions.submit(job.withoutStartWait(), submission));
    }

    /** Runs {@code step}; if it fails, {@code result} is closed first, since no sink will deliver it. */
    private static <T> T closedOnFailure(PushedResult<?> result, Supplier<T> step) {
        try {
            return step.get();
        } catch (RuntimeException | Error e) {
            result.close();
            throw e;
        }
    }

    private StartedQuery started(
            CompiledPushQuery compiled,
            PushedResult<RowData> result,
            PushedJob job,
            @Nullable SubmissionTimings timings) {
        PushedQueryRows rows = new PushedQueryRows(result, compiled.newRowConverter(), job);
        if (timings != null) {
            // once the job has ended its rows are in the gateway's buffer (or it failed): its place among the cluster's
            // jobs goes to the next query even while this one's client still reads
            job.termination().whenComplete((ended, failure) -> timings.permit().close());
        }
        return new StartedQuery(
                compiled.schema(),
                new PushedResultRows(rows, cluster),
                PlanCacheResult.SKIP,
                timings,
                compiled.changes());
    }
}
