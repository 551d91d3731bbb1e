package dev.sluice.jobs;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;

import java.time.Duration;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * A job's own lifetime as its cluster recorded it: when the JobManager created it, when it started running and when it
 * ended, in the JobManager's epoch milliseconds. No gateway can answer a query faster than its job lived; the time a
 * client waited beyond it is the gateway's and the driver's.
 *
 * @param createdMillis the job was created (its {@code INITIALIZING} timestamp, Flink's {@code start-time})
 * @param runningMillis the job switched to {@code RUNNING}; -1 if it never did
 * @param endedMillis the job reached its end state ({@code end-time})
 * @param status that end state
 */
public record JobLifetime(long createdMillis, long runningMillis, long endedMillis, JobStatus status) {
    public JobLifetime {
        requireNonNull(status, "status is null");
        if (endedMillis < createdMillis) {
            throw new IllegalArgumentException(
                    "job ended at " + endedMillis + ", before its creation at " + createdMillis);
        }
    }

    /**
     * The lifetime in a job's details ({@code GET /jobs/:jobid}), if the job has ended; empty while it runs or when the
     * cluster did not record its start or end.
     */
    public static Optional<JobLifetime> of(JobDetailsInfo details) {
        JobStatus status = details.getJobStatus();
        long created = details.getStartTime();
        long ended = details.getEndTime();
        if (!status.isGloballyTerminalState() || created <= 0 || ended < created) {
            return Optional.empty();
        }
        Long running = details.getTimestamps().get(JobStatus.RUNNING);
        // a timestamp of 0 is Flink's "never reached"
        long runningMillis = running == null || running <= 0 || running > ended ? -1 : running;
        return Optional.of(new JobLifetime(created, runningMillis, ended, status));
    }

    /** From its creation to its end. */
    public Duration lifetime() {
        return Duration.ofMillis(endedMillis - createdMillis);
    }

    /** From its switch to {@code RUNNING} to its end; empty if it never ran. */
    public Optional<Duration> running() {
        return runningMillis < 0 ? Optional.empty() : Optional.of(Duration.ofMillis(endedMillis - runningMillis));
    }
}
