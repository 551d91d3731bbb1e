package dev.sluice.gateway.statement;

import dev.sluice.gateway.push.PushedJob;
import dev.sluice.jobs.JobLifetimeReader;
import dev.sluice.jobs.admission.JobRider;
import dev.sluice.planner.push.BoundPushQuery;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static java.util.Objects.requireNonNull;

/**
 * A pushed query waiting for admission that may ride in the job of a query admitted before it: what that query needs
 * to put it into its job, and where it hands back the job it submitted. Created and awaited by the query's own session
 * thread; {@link #started} or {@link #notStarted} is called once, by the thread of the query that took it.
 */
final class SharedJobMember implements JobRider {
    private final Object sharingKey;
    private final BoundPushQuery query;
    private final long enqueuedNanos;
    private final CompletableFuture<Start> start = new CompletableFuture<>();

    /**
     * @param sharingKey equal for queries that may share a job ({@link SharingKeys})
     * @param query the query with its own result's sink
     * @param enqueuedNanos when it entered the admission queue
     */
    SharedJobMember(Object sharingKey, BoundPushQuery query, long enqueuedNanos) {
        this.sharingKey = requireNonNull(sharingKey, "sharingKey is null");
        this.query = requireNonNull(query, "query is null");
        this.enqueuedNanos = enqueuedNanos;
    }

    /** The job that carries this query, as the query that submitted it hands it over. */
    record Start(PushedJob job, long submittedNanos, JobLifetimeReader lifetime) {
        Start {
            requireNonNull(job, "job is null");
            requireNonNull(lifetime, "lifetime is null");
        }
    }

    @Override
    public Object sharingKey() {
        return sharingKey;
    }

    BoundPushQuery query() {
        return query;
    }

    long enqueuedNanos() {
        return enqueuedNanos;
    }

    /** The job that carries this query was submitted. */
    void started(Start started) {
        start.complete(requireNonNull(started, "started is null"));
    }

    /** The job that was to carry this query could not be submitted; the query must run in a job of its own. */
    void notStarted(Throwable failure) {
        start.completeExceptionally(requireNonNull(failure, "failure is null"));
    }

    /**
     * Waits for the job that carries this query, at most {@code timeout}.
     *
     * @return the job; empty if its submission failed, and the query must run in a job of its own
     * @throws TimeoutException if the submission took longer; the job, should it come, is the caller's to let go of
     */
    Optional<Start> awaitStart(Duration timeout) throws TimeoutException {
        try {
            return Optional.of(start.get(timeout.toNanos(), TimeUnit.NANOSECONDS));
        } catch (ExecutionException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("Interrupted while waiting for the submission of the job that carries it");
        }
    }

    /** The job that carries this query, once submitted: for a caller that gave up waiting, to let go of it. */
    CompletableFuture<Start> whenStarted() {
        return start;
    }
}
