package dev.sluice.jobs.admission;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Iterator;

/**
 * One query's place in its cluster's admission queue ({@link ClusterAdmission#enqueue}). Used by the thread that
 * submits the query; cancelled from any thread.
 */
public final class AdmissionTicket {
    private final ClusterAdmission admission;
    private final long enqueuedNanos;
    private final String user;
    private final @Nullable JobRider rider;
    // guarded by the admission's lock
    private boolean admitted;
    private long admittedNanos;
    private boolean cancelled;
    // the share of another query's place, when this one rides in its job
    private @Nullable JobPermit ridingPermit;

    AdmissionTicket(ClusterAdmission admission, long enqueuedNanos, String user, @Nullable JobRider rider) {
        this.admission = admission;
        this.enqueuedNanos = enqueuedNanos;
        this.user = user;
        this.rider = rider;
    }

    long enqueuedNanos() {
        return enqueuedNanos;
    }

    String user() {
        return user;
    }

    @Nullable
    JobRider rider() {
        return rider;
    }

    // under the lock
    void ride(JobPermit share, long nowNanos) {
        ridingPermit = share;
        admit(nowNanos);
    }

    // under the lock
    void admit(long nowNanos) {
        admitted = true;
        admittedNanos = nowNanos;
    }

    /**
     * Waits until the query may run.
     *
     * @param timeout how long it may wait
     * @param timeoutKey the option that set {@code timeout}, named in the error
     * @throws AdmissionTimeoutException if the wait ran out; the query has left the queue
     * @throws AdmissionCancelledException if the ticket was cancelled
     */
    public JobPermit await(Duration timeout, String timeoutKey) {
        long deadline = enqueuedNanos + timeout.toNanos();
        admission.lock.lock();
        try {
            while (!admitted && !cancelled) {
                long left = deadline - admission.nanoClock.getAsLong();
                if (left <= 0) {
                    int ahead = position();
                    admission.queue.remove(this);
                    int limit = admission.capacity();
                    throw new AdmissionTimeoutException(
                            admission.cluster,
                            Duration.ofNanos(admission.nanoClock.getAsLong() - enqueuedNanos),
                            timeoutKey,
                            ahead,
                            admission.withinShare(user, limit)
                                    ? null
                                    : new AdmissionTimeoutException.UserShare(
                                            user, admission.userPlaces.held(user), limit));
                }
                admission.changed.awaitNanos(Math.min(left, ClusterAdmission.RECHECK_NANOS));
                admission.admitWaiting();
            }
            if (cancelled) {
                throw new AdmissionCancelledException(admission.cluster);
            }
            return ridingPermit != null ? ridingPermit : new JobPermit(admission, user, admittedNanos - enqueuedNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            leave();
            throw new AdmissionCancelledException(admission.cluster);
        } finally {
            admission.lock.unlock();
        }
    }

    /**
     * Takes the query out of the queue; its {@link #await} ends with {@link AdmissionCancelledException}. A query
     * admitted already keeps its place: the caller cancels its job and closes its permit instead.
     */
    public void cancel() {
        admission.lock.lock();
        try {
            if (!admitted) {
                cancelled = true;
                admission.queue.remove(this);
                admission.changed.signalAll();
            }
        } finally {
            admission.lock.unlock();
        }
    }

    // under the lock: a waiter that gives up leaves the queue, or hands back a place granted meanwhile
    private void leave() {
        if (ridingPermit != null) {
            ridingPermit.close(); // the job that carries it is the admitted query's to give back
        } else if (!admission.queue.remove(this) && admitted) {
            admission.give(user);
            admission.admitWaiting();
        }
        cancelled = true;
    }

    // under the lock: how many wait ahead of this ticket
    private int position() {
        int ahead = 0;
        for (Iterator<AdmissionTicket> it = admission.queue.iterator(); it.hasNext(); ) {
            if (it.next() == this) {
                return ahead;
            }
            ahead++;
        }
        return ahead;
    }

    @Override
    public String toString() {
        return "AdmissionTicket[" + admission.cluster
                + (admitted ? ", admitted" : cancelled ? ", cancelled" : ", waiting") + "]";
    }
}
