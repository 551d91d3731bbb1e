package dev.sluice.jobs;

import dev.sluice.jobs.admission.JobPermit;

import static java.util.Objects.requireNonNull;

/**
 * A place among the cluster's jobs that a statement took before it built its job, carried by its {@link NextJob} to the
 * submission that uses it.
 *
 * @param enqueuedNanos when the statement entered the admission queue
 * @param admittedNanos when it was let in
 */
public record JobPlace(JobPermit permit, long enqueuedNanos, long admittedNanos) {
    public JobPlace {
        requireNonNull(permit, "permit is null");
    }

    /** Whether the statement's query rides in another query's job: then nothing is submitted for it. */
    public boolean rides() {
        return permit.rides();
    }
}
