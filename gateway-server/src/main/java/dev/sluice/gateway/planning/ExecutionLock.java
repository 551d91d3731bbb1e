package dev.sluice.gateway.planning;

import org.jspecify.annotations.Nullable;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lock by which a session runs one statement at a time (its TableEnvironment is not thread-safe), which leaves
 * nobody waiting behind a planning that nobody waits for: while the statement that holds it plans on after its planning
 * was given up (past its bound, or cancelled), whoever asks for the lock is refused at once with
 * {@link SessionStillPlanningException}, also one that was already waiting, instead of waiting until Flink's planner
 * ends on its own, possibly minutes later. Otherwise it is waited for as long as it is held: a statement past its
 * planning is bounded by its own timeouts.
 *
 * <p>Reentrant, and held by a thread, as a {@link ReentrantLock} is. Waiting for it is not interruptible, as the
 * session's lock never was.
 */
public final class ExecutionLock {
    private final ReentrantLock guard = new ReentrantLock();
    private final Condition changed = guard.newCondition();
    // guarded by guard
    private @Nullable Thread owner;
    private int holds;
    // the planning of the statement that holds the lock; null while it is held for work that does not plan bounded
    private @Nullable PlanningPhase ownerPlanning;

    /**
     * Takes the lock for work that is not a bounded statement's (metadata, options), waiting while another holds it.
     *
     * @throws SessionStillPlanningException if the statement that holds it plans on, given up
     */
    public void lock() {
        lock(null);
    }

    /**
     * Takes the lock for the statement whose planning is {@code planning}, waiting while another holds it, and starts
     * that planning, whose bound counts from now.
     *
     * @param planning the statement's planning; null for work that does not plan bounded
     * @throws SessionStillPlanningException if the statement that holds it plans on, given up
     * @throws PlanningCanceledException if {@code planning} is given up while it waits
     */
    public void lock(@Nullable PlanningPhase planning) {
        if (planning != null) {
            // a waiter whose own statement is cancelled stops waiting, rather than run nothing once the lock is free
            planning.givenUp().thenRun(this::wakeWaiters);
        }
        Thread current = Thread.currentThread();
        guard.lock();
        try {
            while (owner != null && owner != current) {
                requireNotStillPlanning();
                if (planning != null) {
                    planning.checkStillWanted();
                }
                changed.awaitUninterruptibly();
            }
            if (owner == null) {
                if (planning != null) {
                    planning.begin(); // throws, before the lock is taken, if it was given up while it waited
                }
                owner = current;
                ownerPlanning = planning;
            }
            holds++;
        } finally {
            guard.unlock();
        }
    }

    /**
     * Refuses at once, without waiting, while the statement that holds the lock plans on after its planning was given
     * up; for a caller that would otherwise enter its statement in the history only to be refused.
     *
     * @throws SessionStillPlanningException if it does
     */
    public void requireNotStillPlanning() {
        PlanningPhase holding = holderPlanning();
        if (holding != null && holding.isGivenUp()) {
            throw holding.stillPlanning();
        }
    }

    /**
     * Releases one hold of the lock; the last one ends the holder's planning, if it had one, and lets the next in.
     *
     * @throws IllegalMonitorStateException if the current thread does not hold it
     */
    public void unlock() {
        guard.lock();
        try {
            if (owner != Thread.currentThread()) {
                throw new IllegalMonitorStateException("The session's execution lock is not held by this thread");
            }
            holds--;
            if (holds == 0) {
                if (ownerPlanning != null) {
                    ownerPlanning.finish();
                }
                owner = null;
                ownerPlanning = null;
                changed.signalAll();
            }
        } finally {
            guard.unlock();
        }
    }

    private @Nullable PlanningPhase holderPlanning() {
        guard.lock();
        try {
            return ownerPlanning;
        } finally {
            guard.unlock();
        }
    }

    // the holder's planning, or a waiter's, was given up: the waiters look again
    private void wakeWaiters() {
        guard.lock();
        try {
            changed.signalAll();
        } finally {
            guard.unlock();
        }
    }
}
