package dev.sluice.session;

import org.apache.flink.api.common.JobID;

import static java.util.Objects.requireNonNull;

/**
 * When a job passed the steps of its submission, as {@link System#nanoTime()} stamps.
 *
 * @param compiledNanos the planner handed the compiled pipeline to the executor
 * @param submittedNanos the cluster acknowledged the job
 * @param runningNanos the job had left {@code INITIALIZING}
 */
public record SubmissionTimings(JobID jobId, long compiledNanos, long submittedNanos, long runningNanos) {
    public SubmissionTimings {
        requireNonNull(jobId, "jobId is null");
    }
}
