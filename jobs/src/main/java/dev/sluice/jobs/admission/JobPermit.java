package dev.sluice.jobs.admission;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * A job's place among its cluster's jobs in flight. Closing it lets the next waiting query in; closing it again does
 * nothing, so every path that ends a query (last row, failure, cancel, close) may close it.
 *
 * <p>A job that carries several queries has one place, held in shares: the admitted query's permit and one share per
 * query that rides in its job ({@link #share}). The place is given back when every share is closed.
 */
public final class JobPermit implements AutoCloseable {
    private final ClusterAdmission admission;
    // whose place it is, for the admission's count of each user's places; a rider's share gives back its leader's
    private final String user;
    private final long queuedNanos;
    private final boolean rides;
    // the open shares of this job's place, this permit's included; shared by all of them
    private final AtomicInteger openShares;
    private final AtomicBoolean released = new AtomicBoolean();

    JobPermit(ClusterAdmission admission, String user, long queuedNanos) {
        this(admission, user, queuedNanos, false, new AtomicInteger(1));
    }

    private JobPermit(
            ClusterAdmission admission, String user, long queuedNanos, boolean rides, AtomicInteger openShares) {
        this.admission = requireNonNull(admission, "admission is null");
        this.user = requireNonNull(user, "user is null");
        this.queuedNanos = queuedNanos;
        this.rides = rides;
        this.openShares = openShares;
    }

    /** A permit of no admission: nothing to wait for, nothing to release. */
    public static JobPermit unlimited() {
        return new JobPermit(ClusterAdmission.UNLIMITED, ClusterAdmission.NO_USER, 0);
    }

    /** How long the query waited in the queue; 0 when it was admitted at once. */
    public long queuedNanos() {
        return queuedNanos;
    }

    /** Whether the query rides in another query's job, whose admitted query submits it. */
    public boolean rides() {
        return rides;
    }

    public boolean isReleased() {
        return released.get();
    }

    /**
     * A share of this job's place for a query that rides in it.
     *
     * @throws IllegalStateException if the place was given back already
     */
    JobPermit share(long riderQueuedNanos) {
        openShares.getAndUpdate(open -> {
            if (open == 0) {
                throw new IllegalStateException("The job's place among the cluster's jobs was given back already");
            }
            return open + 1;
        });
        return new JobPermit(admission, user, riderQueuedNanos, true, openShares);
    }

    @Override
    public void close() {
        if (released.compareAndSet(false, true) && openShares.decrementAndGet() == 0) {
            admission.release(user);
        }
    }
}
