package dev.sluice.jobs;

import dev.sluice.jobs.admission.JobPermit;
import org.apache.flink.api.common.JobID;

import static java.util.Objects.requireNonNull;

/**
 * When a job passed the steps of its submission, as {@link System#nanoTime()} stamps, and its place among the
 * cluster's jobs in flight.
 *
 * @param compiledNanos the planner handed the compiled pipeline to the executor
 * @param admittedNanos the cluster's admission let the job in (equal to compiledNanos when nobody waited ahead)
 * @param submittedNanos the cluster acknowledged the job
 * @param runningNanos the job had left {@code INITIALIZING}
 * @param permit closed by whoever ends the query, to let the next waiting query in
 * @param lifetime reads the job's own lifetime from the cluster once it ended
 */
public record SubmissionTimings(
        JobID jobId,
        long compiledNanos,
        long admittedNanos,
        long submittedNanos,
        long runningNanos,
        JobPermit permit,
        JobLifetimeReader lifetime) {
    public SubmissionTimings {
        requireNonNull(lifetime, "lifetime is null");
        requireNonNull(jobId, "jobId is null");
        requireNonNull(permit, "permit is null");
    }
}
