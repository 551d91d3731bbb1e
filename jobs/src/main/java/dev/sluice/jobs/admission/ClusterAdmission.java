package dev.sluice.jobs.admission;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Lets a cluster's jobs in at most {@code capacity} at a time, and the queries beyond wait in order of arrival.
 *
 * <p>The capacity is asked for on every admission and every release, so a cluster that gains task slots admits more
 * without a restart. A waiting query leaves the queue when it is cancelled ({@link Ticket#cancel()}) or its deadline
 * passes; a query that arrives to a full queue is refused at once rather than left to wait behind a backlog it cannot
 * see the end of.
 *
 * <p>An admitted query may take waiting queries into its own job ({@link #takeRiders}): up to {@code
 * maxQueriesPerJob} queries, in order of arrival, with equal {@link JobRider#sharingKey()}s. One job then carries
 * them all in one place among the jobs in flight, so the cluster schedules and deploys once for all of them.
 */
public final class ClusterAdmission {
    /** Admission off: every job goes straight to the cluster. */
    static final ClusterAdmission UNLIMITED = new ClusterAdmission(
            "unlimited", () -> Integer.MAX_VALUE, Integer.MAX_VALUE, 1, Duration.ZERO, System::nanoTime);

    // a waiter asks the capacity again this often, so slots that a cluster gains reach queries already waiting
    private static final long RECHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final String cluster;
    private final IntSupplier capacity;
    private final int maxQueued;
    private final int maxQueriesPerJob;
    private final long gatherNanos;
    private final LongSupplier nanoClock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    // signalled when a query that may ride in another's job joins the queue, for a leader gathering its riders
    private final Condition riderQueued = lock.newCondition();
    // the sharing keys of the leaders gathering riders now, one entry per leader; guarded by lock
    private final List<Object> gathering = new ArrayList<>();
    private final ArrayDeque<Ticket> queue = new ArrayDeque<>();
    private int running;

    /**
     * @param capacity jobs that may be in flight at once, at least 1 when read; asked often, so it must be cheap
     * @param maxQueued queries that may wait beyond them
     * @param maxQueriesPerJob the most queries one job may carry, the admitted one included; 1 for a job each
     * @param gather how long a query that had to wait for its admission waits for more queries to take along
     */
    public ClusterAdmission(
            String cluster,
            IntSupplier capacity,
            int maxQueued,
            int maxQueriesPerJob,
            Duration gather,
            LongSupplier nanoClock) {
        if (maxQueriesPerJob < 1) {
            throw new IllegalArgumentException("maxQueriesPerJob must be at least 1, was " + maxQueriesPerJob);
        }
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.capacity = requireNonNull(capacity, "capacity is null");
        this.maxQueued = maxQueued;
        this.maxQueriesPerJob = maxQueriesPerJob;
        this.gatherNanos = gather.toNanos();
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
    }

    /** A job each: no query rides in another's job. */
    public ClusterAdmission(String cluster, IntSupplier capacity, int maxQueued, LongSupplier nanoClock) {
        this(cluster, capacity, maxQueued, 1, Duration.ZERO, nanoClock);
    }

    /**
     * Takes a place in the queue, or at once a permit when a job may run and nobody waits ahead.
     *
     * @throws AdmissionQueueFullException if the queue holds {@code maxQueued} queries already
     */
    public Ticket enqueue() {
        return enqueue(null);
    }

    /**
     * Takes a place in the queue, as {@link #enqueue()}, for a query that may ride in the job of a query admitted
     * before it.
     *
     * @param rider the query, if it may ride in another's job; null if it needs a job of its own
     * @throws AdmissionQueueFullException if the queue holds {@code maxQueued} queries already
     */
    public Ticket enqueue(@Nullable JobRider rider) {
        lock.lock();
        try {
            Ticket ticket = new Ticket(nanoClock.getAsLong(), rider);
            if (this == UNLIMITED) {
                ticket.admit(ticket.enqueuedNanos); // nothing counted, nothing to release
                return ticket;
            }
            // a query that a leader gathering riders could take along waits for it rather than starting a job
            boolean leaderGathers = rider != null && gathering.contains(rider.sharingKey());
            if (queue.isEmpty() && running < capacity() && !leaderGathers) {
                running++;
                ticket.admit(ticket.enqueuedNanos);
                return ticket;
            }
            if (queue.size() >= maxQueued) {
                throw new AdmissionQueueFullException(cluster, running, queue.size());
            }
            queue.addLast(ticket);
            if (rider != null) {
                riderQueued.signalAll();
            }
            return ticket;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the queries that wait with the same sharing key as {@code leader} out of the queue, in order of arrival,
     * to ride in its job: as many as the job may carry beside it. Each of them is admitted with a share of {@code
     * permit}, and its {@link Ticket#await} returns that share ({@link JobPermit#rides()}); the caller must then hand
     * each the job it submits, or the failure.
     *
     * @param permit the admitted query's place
     * @return the riders taken, in order of arrival; empty if none waits or a job carries one query here
     */
    public List<JobRider> takeRiders(JobPermit permit, JobRider leader) {
        requireNonNull(permit, "permit is null");
        Object key = requireNonNull(leader, "leader is null").sharingKey();
        if (maxQueriesPerJob == 1 || this == UNLIMITED) {
            return List.of();
        }
        List<JobRider> riders = new ArrayList<>();
        lock.lock();
        try {
            long start = nanoClock.getAsLong();
            // a leader that had to wait found the cluster busy: the queries its own job's end sends again arrive
            // within milliseconds, and taking them along saves a job each; one admitted at once takes who is there
            long gatherUntil = permit.queuedNanos() > 0 ? start + gatherNanos : start;
            while (true) {
                long now = nanoClock.getAsLong();
                int before = riders.size();
                for (Iterator<Ticket> it = queue.iterator(); it.hasNext() && riders.size() < maxQueriesPerJob - 1; ) {
                    Ticket waiting = it.next();
                    if (waiting.rider != null && key.equals(waiting.rider.sharingKey())) {
                        it.remove();
                        waiting.ride(permit.share(now - waiting.enqueuedNanos), now);
                        riders.add(waiting.rider);
                    }
                }
                if (riders.size() > before) {
                    changed.signalAll();
                }
                long left = gatherUntil - nanoClock.getAsLong();
                if (riders.size() >= maxQueriesPerJob - 1 || left <= 0) {
                    return riders;
                }
                gathering.add(key);
                try {
                    riderQueued.awaitNanos(left);
                } finally {
                    gathering.remove(key);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return riders; // those taken already must be handed the job
        } finally {
            admitWaiting(); // a query that queued for a leader whose job had no room left
            lock.unlock();
        }
    }

    /** The most queries one job may carry here; 1 when every query has a job of its own. */
    public int maxQueriesPerJob() {
        return maxQueriesPerJob;
    }

    /** Jobs in flight now. */
    public int running() {
        lock.lock();
        try {
            return running;
        } finally {
            lock.unlock();
        }
    }

    /** Queries waiting now. */
    public int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    void release() {
        if (this == UNLIMITED) {
            return;
        }
        lock.lock();
        try {
            running--;
            admitWaiting();
        } finally {
            lock.unlock();
        }
    }

    // under the lock: lets in as many from the head of the queue as the capacity allows
    private void admitWaiting() {
        int limit = capacity();
        boolean admittedAny = false;
        long now = nanoClock.getAsLong();
        while (!queue.isEmpty() && running < limit) {
            queue.pollFirst().admit(now);
            running++;
            admittedAny = true;
        }
        if (admittedAny) {
            changed.signalAll();
        }
    }

    private int capacity() {
        return Math.max(1, capacity.getAsInt());
    }

    /** One query's place in the queue. Used by the thread that submits the query; cancelled from any thread. */
    public final class Ticket {
        private final long enqueuedNanos;
        private final @Nullable JobRider rider;
        // guarded by the admission's lock
        private boolean admitted;
        private long admittedNanos;
        private boolean cancelled;
        // the share of another query's place, when this one rides in its job
        private @Nullable JobPermit ridingPermit;

        private Ticket(long enqueuedNanos, @Nullable JobRider rider) {
            this.enqueuedNanos = enqueuedNanos;
            this.rider = rider;
        }

        // under the lock
        private void ride(JobPermit share, long nowNanos) {
            ridingPermit = share;
            admit(nowNanos);
        }

        // under the lock
        private void admit(long nowNanos) {
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
            lock.lock();
            try {
                while (!admitted && !cancelled) {
                    long left = deadline - nanoClock.getAsLong();
                    if (left <= 0) {
                        int ahead = position();
                        queue.remove(this);
                        throw new AdmissionTimeoutException(
                                cluster, Duration.ofNanos(nanoClock.getAsLong() - enqueuedNanos), timeoutKey, ahead);
                    }
                    changed.awaitNanos(Math.min(left, RECHECK_NANOS));
                    admitWaiting();
                }
                if (cancelled) {
                    throw new AdmissionCancelledException(cluster);
                }
                return ridingPermit != null
                        ? ridingPermit
                        : new JobPermit(ClusterAdmission.this, admittedNanos - enqueuedNanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                leave();
                throw new AdmissionCancelledException(cluster);
            } finally {
                lock.unlock();
            }
        }

        /**
         * Takes the query out of the queue; its {@link #await} ends with {@link AdmissionCancelledException}. A query
         * admitted already keeps its place: the caller cancels its job and closes its permit instead.
         */
        public void cancel() {
            lock.lock();
            try {
                if (!admitted) {
                    cancelled = true;
                    queue.remove(this);
                    changed.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }

        // under the lock: a waiter that gives up leaves the queue, or hands back a place granted meanwhile
        private void leave() {
            if (ridingPermit != null) {
                ridingPermit.close(); // the job that carries it is the admitted query's to give back
            } else if (!queue.remove(this) && admitted) {
                running--;
                admitWaiting();
            }
            cancelled = true;
        }

        // under the lock: how many wait ahead of this ticket
        private int position() {
            int ahead = 0;
            for (Iterator<Ticket> it = queue.iterator(); it.hasNext(); ) {
                if (it.next() == this) {
                    return ahead;
                }
                ahead++;
            }
            return ahead;
        }

        @Override
        public String toString() {
            return "Ticket[" + cluster + (admitted ? ", admitted" : cancelled ? ", cancelled" : ", waiting") + "]";
        }
    }

    @Override
    public String toString() {
        return "ClusterAdmission[" + cluster + "]";
    }

    /** Admission off: every job goes straight to the cluster, and Flink's slot manager decides who waits. */
    public static ClusterAdmission unlimited() {
        return UNLIMITED;
    }
}
