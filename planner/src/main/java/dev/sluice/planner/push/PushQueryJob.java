package dev.sluice.planner.push;

import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.TableResult;

import static java.util.Objects.requireNonNull;

/**
 * A query submitted with its rows going to the push sink.
 *
 * @param insertResult the INSERT's own result, which holds none of the query's rows
 * @param jobClient the query's job: its termination tells a failure before the end of the result, and closing a
 *     result early cancels it
 */
public record PushQueryJob(TableResult insertResult, JobClient jobClient) {
    public PushQueryJob {
        requireNonNull(insertResult, "insertResult is null");
        requireNonNull(jobClient, "jobClient is null");
    }
}
