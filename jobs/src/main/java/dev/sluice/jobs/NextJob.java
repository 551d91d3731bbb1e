package dev.sluice.jobs;

import static java.util.Objects.requireNonNull;

/**
 * The job a statement is about to submit, as it hands it to {@link JobSubmissions#submit}: what it asked for, when it
 * asked (its time left counts from then), and whether the submission may return at the cluster's acknowledgement.
 *
 * @param requestedNanos when the statement made its request, on {@link System#nanoTime()}
 * @param skipStartWait whether the job returns at the cluster's acknowledgement, without polling its status until it
 *     has left {@code INITIALIZING}: for a statement whose result learns a failed start from the job's end anyway (a
 *     pushed result), so the polls would only cost JobManager calls; its timings then say it ran when it was submitted
 */
public record NextJob(JobRequest request, long requestedNanos, boolean skipStartWait) {
    public NextJob {
        requireNonNull(request, "request is null");
    }

    /** A request made now, whose job is waited for until it runs. */
    public static NextJob of(JobRequest request) {
        return new NextJob(request, System.nanoTime(), false);
    }

    /** The same request, returning at the cluster's acknowledgement. */
    public NextJob withoutStartWait() {
        return new NextJob(request, requestedNanos, true);
    }
}
