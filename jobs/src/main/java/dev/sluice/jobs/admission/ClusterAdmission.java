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
 * without a restart. A waiting query leaves the queue when it is cancelled ({@link AdmissionTicket#cancel()}) or its deadline
 * passes; a query that arrives to a full queue is refused at once rather than left to wait behind a backlog it cannot
 * see the end of.
 *
 * <p>A named user holds at most a share of the places ({@code maxUserShare} of the capacity, at least one): their
 * further queries wait, and the queries of others behind them in the queue go ahead. Queries of no named user (a
 * gateway without authentication) are held to no share, since all of them would be one user.
 *
 * <p>An admitted query may take waiting queries into its own job ({@link #takeRiders}): up to {@code
 * maxQueriesPerJob} queries, in order of arrival, with equal {@link JobRider#sharingKey()}s. One job then carries
 * them all in one place among the jobs in flight, so the cluster schedules and deploys once for all of them.
 */
public final class ClusterAdmission {
    /** Admission off: every job goes straight to the cluster. */
    static final ClusterAdmission UNLIMITED = new ClusterAdmission(
            "unlimited", () -> Integer.MAX_VALUE, Integer.MAX_VALUE, 1, Duration.ZERO, 1.0, System::nanoTime);

    /** The user of a query that no named user sent: held to no share. */
    public static final String NO_USER = "";

    // a waiter asks the capacity again this often, so slots that a cluster gains reach queries already waiting
    static final long RECHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

    final String cluster;
    private final IntSupplier capacity;
    private final int maxQueued;
    private final int maxQueriesPerJob;
    private final long gatherNanos;
    final UserPlaces userPlaces;
    final LongSupplier nanoClock;
    final ReentrantLock lock = new ReentrantLock();
    final Condition changed = lock.newCondition();
    // signalled when a query that may ride in another's job joins the queue, for a leader gathering its riders
    private final Condition riderQueued = lock.newCondition();
    // the sharing keys of the leaders gathering riders now, one entry per leader; guarded by lock
    private final List<Object> gathering = new ArrayList<>();
    final ArrayDeque<AdmissionTicket> queue = new ArrayDeque<>();
    private int running;

    /**
     * @param capacity jobs that may be in flight at once, at least 1 when read; asked often, so it must be cheap
     * @param maxQueued queries that may wait beyond them
     * @param maxQueriesPerJob the most queries one job may carry, the admitted one included; 1 for a job each
     * @param gather how long a query that had to wait for its admission waits for more queries to take along
     * @param maxUserShare the share of the capacity one named user may hold, above 0 and at most 1
     */
    public ClusterAdmission(
            String cluster,
            IntSupplier capacity,
            int maxQueued,
            int maxQueriesPerJob,
            Duration gather,
            double maxUserShare,
            LongSupplier nanoClock) {
        if (maxQueriesPerJob < 1) {
            throw new IllegalArgumentException("maxQueriesPerJob must be at least 1, was " + maxQueriesPerJob);
        }
        this.userPlaces = new UserPlaces(maxUserShare);
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.capacity = requireNonNull(capacity, "capacity is null");
        this.maxQueued = maxQueued;
        this.maxQueriesPerJob = maxQueriesPerJob;
        this.gatherNanos = gather.toNanos();
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
    }

    /** A job each: no query rides in another's job. */
    public ClusterAdmission(String cluster, IntSupplier capacity, int maxQueued, LongSupplier nanoClock) {
        this(cluster, capacity, maxQueued, 1, Duration.ZERO, 1.0, nanoClock);
    }

    /**
     * Takes a place in the queue, or at once a permit when a job may run and nobody waits ahead.
     *
     * @throws AdmissionQueueFullException if the queue holds {@code maxQueued} queries already
     */
    public AdmissionTicket enqueue() {
        return enqueue(NO_USER, null);
    }

    /**
     * Takes a place in the queue, as {@link #enqueue()}, for a query that may ride in the job of a query admitted
     * before it.
     *
     * @param rider the query, if it may ride in another's job; null if it needs a job of its own
     * @throws AdmissionQueueFullException if the queue holds {@code maxQueued} queries already
     */
    public AdmissionTicket enqueue(@Nullable JobRider rider) {
        return enqueue(NO_USER, rider);
    }

    /**
     * Takes a place in the queue for a query of {@code user}, as {@link #enqueue(JobRider)}; a user who holds their
     * share of the places already waits for one of their own to be given back.
     *
     * @param user the query's user, {@link #NO_USER} if none is named
     * @throws AdmissionQueueFullException if the queue holds {@code maxQueued} queries already
     */
    public AdmissionTicket enqueue(String user, @Nullable JobRider rider) {
        requireNonNull(user, "user is null");
        lock.lock();
        try {
            AdmissionTicket ticket = new AdmissionTicket(this, nanoClock.getAsLong(), user, rider);
            if (this == UNLIMITED) {
                ticket.admit(ticket.enqueuedNanos()); // nothing counted, nothing to release
                return ticket;
            }
            // a query that a leader gathering riders could take along waits for it rather than starting a job
            boolean leaderGathers = rider != null && gathering.contains(rider.sharingKey());
            int limit = capacity();
            // the queue keeps its order: a query passes only those waiting for their user's own places to come back
            boolean nobodyAheadMayRun = queue.stream().noneMatch(waiting -> withinShare(waiting.user(), limit));
            if (!leaderGathers && running < limit && withinShare(user, limit) && nobodyAheadMayRun) {
                take(user);
                ticket.admit(ticket.enqueuedNanos());
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
     * permit}, and its {@link AdmissionTicket#await} returns that share ({@link JobPermit#rides()}); the caller must then hand
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
                for (Iterator<AdmissionTicket> it = queue.iterator();
                        it.hasNext() && riders.size() < maxQueriesPerJob - 1; ) {
                    AdmissionTicket waiting = it.next();
                    if (waiting.rider() != null && key.equals(waiting.rider().sharingKey())) {
                        it.remove();
                        waiting.ride(permit.share(now - waiting.enqueuedNanos()), now);
                        riders.add(waiting.rider());
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

    /** Places held by {@code user} now. */
    public int running(String user) {
        lock.lock();
        try {
            return userPlaces.held(user);
        } finally {
            lock.unlock();
        }
    }

    void release(String user) {
        if (this == UNLIMITED) {
            return;
        }
        lock.lock();
        try {
            give(user);
            admitWaiting();
        } finally {
            lock.unlock();
        }
    }

    // under the lock: lets in, in order of arrival, every waiting query that the capacity and its user's share allow;
    // one whose user holds their share stays, and those behind it may pass
    void admitWaiting() {
        int limit = capacity();
        boolean admittedAny = false;
        long now = nanoClock.getAsLong();
        for (Iterator<AdmissionTicket> it = queue.iterator(); it.hasNext() && running < limit; ) {
            AdmissionTicket waiting = it.next();
            if (withinShare(waiting.user(), limit)) {
                it.remove();
                take(waiting.user());
                waiting.admit(now);
                admittedAny = true;
            }
        }
        if (admittedAny) {
            changed.signalAll();
        }
    }

    // under the lock
    boolean withinShare(String user, int limit) {
        return userPlaces.mayTake(user, limit);
    }

    // under the lock
    private void take(String user) {
        running++;
        userPlaces.take(user);
    }

    // under the lock
    void give(String user) {
        running--;
        userPlaces.give(user);
    }

    int capacity() {
        return Math.max(1, capacity.getAsInt());
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
