package dev.sluice.gateway.session;

import dev.sluice.gateway.result.PushedQueryRows;
import dev.sluice.gateway.result.PushedResult;
import dev.sluice.gateway.result.ResultEndpointServer;
import dev.sluice.planner.push.PushQueryJob;
import dev.sluice.planner.push.PushQueryPlan;
import dev.sluice.planner.push.PushQueryPlanner;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;

import java.util.function.Consumer;

import static java.util.Objects.requireNonNull;

/**
 * Starts a query whose rows the job's sink pushes to the result endpoint: plan, register the result (its ticket goes
 * into the sink's options), submit. The job is submitted without the start wait's status polls: a job that fails
 * while initializing fails the result through the job's end, with the cluster's cause.
 *
 * <p>Not thread-safe: used under the session's execution lock, on its planning thread.
 */
final class PushedQueryStarter {
    private final ResultEndpointServer endpoint;
    private final Consumer<Boolean> skipStartWaitOfNextJob;

    /** @param skipStartWaitOfNextJob the session executor's switch for the start wait of its next job */
    PushedQueryStarter(ResultEndpointServer endpoint, Consumer<Boolean> skipStartWaitOfNextJob) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.skipStartWaitOfNextJob = requireNonNull(skipStartWaitOfNextJob, "skipStartWaitOfNextJob is null");
    }

    /** A started query: its columns, and its rows as they arrive. */
    record StartedQuery(ResolvedSchema schema, PushedResultRows rows) {
        StartedQuery {
            requireNonNull(schema, "schema is null");
            requireNonNull(rows, "rows is null");
        }
    }

    /**
     * Plans {@code sql} and submits its job.
     *
     * @throws org.apache.flink.table.api.ValidationException if the query is invalid; nothing is registered then
     */
    StartedQuery start(TableEnvironment tableEnvironment, String sql) {
        PushQueryPlan plan = PushQueryPlanner.plan(tableEnvironment, sql);
        PushedResult<RowData> result = endpoint.results().register(plan.newSerializer());
        PushQueryJob job;
        skipStartWaitOfNextJob.accept(true);
        try {
            job = plan.submit(endpoint.sinkOptions(result));
        } catch (RuntimeException | Error e) {
            result.close(); // no sink will deliver it
            throw e;
        } finally {
            skipStartWaitOfNextJob.accept(false);
        }
        PushedQueryRows rows = new PushedQueryRows(result, plan.newRowConverter(), job.jobClient());
        return new StartedQuery(plan.schema(), new PushedResultRows(rows));
    }
}
