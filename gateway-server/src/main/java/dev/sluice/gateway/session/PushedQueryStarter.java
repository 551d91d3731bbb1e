package dev.sluice.gateway.session;

import dev.sluice.gateway.result.PushedQueryRows;
import dev.sluice.gateway.result.PushedResult;
import dev.sluice.gateway.result.ResultEndpointServer;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.push.CompiledPushQuery;
import dev.sluice.planner.push.PushQueryJob;
import dev.sluice.planner.push.PushQueryPlan;
import dev.sluice.planner.push.PushQueryPlanner;
import dev.sluice.session.ClusterEndpoint;
import dev.sluice.session.push.PushSinkBinding;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
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
 * <p>Not thread-safe: used under the session's execution lock, on its planning thread.
 */
final class PushedQueryStarter {
    private final ResultEndpointServer endpoint;
    private final Consumer<Boolean> skipStartWaitOfNextJob;
    private final JobPlanCache jobPlans;
    private final String sessionId;
    private final ClusterEndpoint cluster;

    /** @param skipStartWaitOfNextJob the session executor's switch for the start wait of its next job */
    PushedQueryStarter(
            ResultEndpointServer endpoint,
            Consumer<Boolean> skipStartWaitOfNextJob,
            JobPlanCache jobPlans,
            String sessionId,
            ClusterEndpoint cluster) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.skipStartWaitOfNextJob = requireNonNull(skipStartWaitOfNextJob, "skipStartWaitOfNextJob is null");
        this.jobPlans = requireNonNull(jobPlans, "jobPlans is null");
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
    }

    /** A started query: its columns, its rows as they arrive, and whether its plan came from the cache. */
    record StartedQuery(ResolvedSchema schema, PushedResultRows rows, PlanCacheResult planCache) {
        StartedQuery {
            requireNonNull(schema, "schema is null");
            requireNonNull(rows, "rows is null");
            requireNonNull(planCache, "planCache is null");
        }
    }

    /**
     * Plans {@code query}, or takes its compiled plan, and submits its job.
     *
     * @param reusePlans whether the session lets queries reuse plans
     * @throws org.apache.flink.table.api.ValidationException if the query is invalid; nothing is registered then
     */
    StartedQuery start(
            TableEnvironment tableEnvironment, PlannedStatement query, long stateVersion, boolean reusePlans) {
        Optional<CompiledPushQuery> cached =
                reusePlans ? jobPlans.findPushed(tableEnvironment, sessionId, stateVersion, query) : Optional.empty();
        if (cached.isPresent()) {
            CompiledPushQuery compiled = cached.get();
            PushedResult<RowData> result = endpoint.results().register(compiled.newSerializer());
            Map<String, String> sinkOptions = endpoint.sinkOptions(result);
            PushQueryJob job = submit(result, compiled, plan -> PushSinkBinding.bind(plan, sinkOptions));
            return started(compiled, result, job, PlanCacheResult.HIT);
        }
        PushQueryPlan plan = PushQueryPlanner.plan(tableEnvironment, query.sql());
        PushedResult<RowData> result = endpoint.results().register(plan.newSerializer());
        CompiledPushQuery compiled = closedOnFailure(result, () -> plan.compile(endpoint.sinkOptions(result)));
        PushQueryJob job = submit(result, compiled, UnaryOperator.identity());
        PlanCacheResult cacheResult =
                reusePlans ? jobPlans.keepPushed(sessionId, stateVersion, query, compiled) : PlanCacheResult.SKIP;
        return started(compiled, result, job, cacheResult);
    }

    private PushQueryJob submit(
            PushedResult<RowData> result, CompiledPushQuery compiled, UnaryOperator<List<Transformation<?>>> bindSink) {
        skipStartWaitOfNextJob.accept(true);
        try {
            return closedOnFailure(result, () -> compiled.submit(bindSink));
        } finally {
            skipStartWaitOfNextJob.accept(false);
        }
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
            CompiledPushQuery compiled, PushedResult<RowData> result, PushQueryJob job, PlanCacheResult cacheResult) {
        PushedQueryRows rows =
                new PushedQueryRows(result, compiled.newRowConverter(), job.jobClient(), endpoint.jobEnds());
        return new StartedQuery(compiled.schema(), new PushedResultRows(rows, cluster), cacheResult);
    }
}
