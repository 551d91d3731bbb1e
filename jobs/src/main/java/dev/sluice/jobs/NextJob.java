package dev.sluice.jobs;

import org.jspecify.annotations.Nullable;

import static java.util.Objects.requireNonNull;

/**
 * The job a statement is about to submit, as it hands it to {@link JobSubmissions#submit}: what it asked for, when it
 * asked (its time left counts from then), whether the submission may return at the cluster's acknowledgement, and the
 * place in admission it took already, if it did.
 *
 * @param requestedNanos when the statement made its request, on {@link System#nanoTime()}
 * @param skipStartWait whether the job returns at the cluster's acknowledgement, without polling its status until it
 *     has left {@code INITIALIZING}: for a statement whose result learns a failed start from the job's end anyway (a
 *     pushed result), so the polls would only cost JobManager calls; its timings then say it ran when it was submitted
 * @param place the place {@link JobSubmissions#admitNextJob} took for this job; null when the submission is to wait
 *     for admission itself
 */
public record NextJob(
        JobRequest request,
        long requestedNanos,
        boolean skipStartWait,
        @Nullable JobPlace place) {
    public NextJob {
        requireNonNull(request, "request is null");
    }

    /** A request made now, whose job is waited for until it runs. */
    public static NextJob of(JobRequest request) {
        return new NextJob(request, System.nanoTime(), false, null);
    }

    /** The same request, returning at the cluster's acknowledgement. */
    public NextJob withoutStartWait() {
        return new NextJob(request, requestedNanos, true, place);
    }

    /** The same request, holding {@code admitted}, a place in admission taken before the job was built. */
    public NextJob holding(JobPlace admitted) {
        return new NextJob(request, requestedNanos, skipStartWait, requireNonNull(admitted, "admitted is null"));
    }
}
