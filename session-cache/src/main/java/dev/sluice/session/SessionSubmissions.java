package dev.sluice.session;

import java.util.Optional;

/**
 * What a session's statements tell, and ask, the executor that submits their jobs. A session runs one statement at a
 * time, so each call concerns the statement that runs now and the job it submits next, if any.
 */
public interface SessionSubmissions {
    /** The name and the time left of the job the running statement submits, if it submits one. */
    void nextJob(JobRequest request);

    /**
     * Lets the next job return at the cluster's acknowledgement instead of waiting for it to leave {@code
     * INITIALIZING}: for a statement whose result learns of a failed start from the job's end anyway.
     */
    void skipStartWaitOfNextJob(boolean skip);

    /** The timings of the job submitted last, once. */
    Optional<SubmissionTimings> takeLastSubmission();

    /** Takes the statement that waits for admission now, if any, out of the queue. Safe from any thread. */
    void cancelWaiting();
}
