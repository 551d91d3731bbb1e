package dev.sluice.jobs;

import dev.sluice.jobs.admission.JobPermit;
import dev.sluice.jobs.admission.JobRider;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Optional;

/**
 * What a session's statements tell, and ask, the executor that submits their jobs. A session runs one statement at a
 * time, so each call concerns the statement that runs now and the job it submits next, if any.
 */
public interface JobSubmissions {
    /** The name and the time left of the job the running statement submits, if it submits one. */
    void nextJob(JobRequest request);

    /**
     * Lets the next job return at the cluster's acknowledgement instead of waiting for it to leave {@code
     * INITIALIZING}: for a statement whose result learns of a failed start from the job's end anyway.
     */
    void skipStartWaitOfNextJob(boolean skip);

    /** The timings of the job submitted last, once. */
    Optional<SubmissionTimings> takeLastSubmission();

    /**
     * Waits for the cluster's admission of the running statement's next job before it is built; its submission then
     * takes this place. A permit that {@link JobPermit#rides() rides} in another query's job is the caller's to
     * close, and nothing is submitted for it.
     *
     * @param configuration the session's configuration, for {@code client.timeout}
     * @param rider the statement's query, if it may ride in another query's job
     */
    JobPermit admitNextJob(ReadableConfig configuration, @Nullable JobRider rider);

    /**
     * Gives back the place {@link #admitNextJob} took, if no submission used it: for a statement that failed between
     * its admission and its job's submission. Does nothing otherwise.
     */
    void releaseUnusedAdmission();

    /** Takes waiting queries with the same sharing key as {@code leader} into its job (see the cluster's admission). */
    List<JobRider> takeRiders(JobPermit permit, JobRider leader);

    /** The most queries one job may carry on the session's cluster; 1 when each has a job of its own. */
    int maxQueriesPerJob();

    /** Takes the statement that waits for admission now, if any, out of the queue. Safe from any thread. */
    void cancelWaiting();
}
