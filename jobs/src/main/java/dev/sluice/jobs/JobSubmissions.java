package dev.sluice.jobs;

import dev.sluice.jobs.admission.JobPermit;
import dev.sluice.jobs.admission.JobRider;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.function.Supplier;

/**
 * What a session's statements tell, and ask, the executor that submits their jobs. A session runs one statement at a
 * time, so each call concerns the statement that runs now and the job it submits next, if any.
 */
public interface JobSubmissions {
    /**
     * Runs {@code submission}, code that makes Flink submit at most one job through this executor (Flink calls the
     * executor back while it runs), with {@code job} as what that job needs, and returns what it produced with the
     * timings of the job it submitted. The {@link NextJob#place() place} {@code job} holds, if any, is the job's; when no
     * job is submitted it is given back as this returns or fails. A job submitted for a submission that then failed gives
     * its place back too, since nobody will read it.
     */
    <T> Submitted<T> submit(NextJob job, Supplier<T> submission);

    /**
     * Waits for the cluster's admission of the statement's next job before it is built, and returns {@code job} holding
     * the place, for its submission. A place that {@link JobPlace#rides() rides} in another query's job is the caller's
     * to close, and nothing is submitted for it; so is a place whose job is never handed to {@link #submit}.
     *
     * @param configuration the session's configuration, for {@code client.timeout}
     * @param rider the statement's query, if it may ride in another query's job
     */
    NextJob admitNextJob(NextJob job, ReadableConfig configuration, @Nullable JobRider rider);

    /** Takes waiting queries with the same sharing key as {@code leader} into its job (see the cluster's admission). */
    List<JobRider> takeRiders(JobPermit permit, JobRider leader);

    /** The most queries one job may carry on the session's cluster; 1 when each has a job of its own. */
    int maxQueriesPerJob();

    /** Takes the statement that waits for admission now, if any, out of the queue. Safe from any thread. */
    void cancelWaiting();
}
