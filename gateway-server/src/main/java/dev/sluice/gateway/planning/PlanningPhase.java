package dev.sluice.gateway.planning;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

import static java.util.Objects.requireNonNull;

/**
 * Where one execution of a statement stands against its planning bound: waiting for its session, planning (from when
 * it holds its session until its job asks for admission, or until it ends if it runs no job), past planning, finished;
 * or given up, because its planning passed the bound or the statement was cancelled while it waited or planned.
 *
 * <p>Flink's planner has no cancellation point, so a statement given up plans on to its end: the checks on its way
 * ({@link #end}, {@link #checkStillWanted}, {@link #complete}) then refuse it, and it runs nothing. Which of the two
 * happens first, the planning's end or its giving up, is decided once, atomically: a statement whose job went to
 * admission is never answered as timed out, and one answered as timed out never submits a job.
 *
 * <p>Thread-safe: begun, ended and finished by the thread that runs the statement, timed out by the bound's timer,
 * cancelled from any thread.
 */
public final class PlanningPhase {
    private enum State {
        WAITING,
        PLANNING,
        PLANNED,
        FINISHED,
        TIMED_OUT,
        CANCELLED
    }

    private final int statementId;
    private final Duration bound;
    private final PlanningTimer timer;
    private final AtomicReference<State> state = new AtomicReference<>(State.WAITING);
    // completed when the planning is given up; those who wait for the statement stop waiting then
    private final CompletableFuture<Void> givenUp = new CompletableFuture<>();
    // set by begin, on the thread that runs the statement, before anything can finish the phase
    private volatile @Nullable Future<?> timeout;

    /**
     * @param statementId the session's statement, named in the errors
     * @param bound the longest the statement may plan, {@code sluice.query.max-planning-time}
     * @param timer gives the planning up when the bound passes
     */
    PlanningPhase(int statementId, Duration bound, PlanningTimer timer) {
        this.statementId = statementId;
        this.bound = requireNonNull(bound, "bound is null");
        this.timer = requireNonNull(timer, "timer is null");
    }

    public int statementId() {
        return statementId;
    }

    /**
     * The statement holds its session now and starts to plan: the bound counts from here, not from its wait for the
     * session.
     *
     * @throws PlanningCanceledException if the statement was cancelled while it waited
     */
    void begin() {
        if (!state.compareAndSet(State.WAITING, State.PLANNING)) {
            throw failure();
        }
        timeout = timer.schedule(this::timeOut, bound);
    }

    /**
     * The statement has planned, and its job asks the cluster for admission now: what follows (admission, the job, its
     * rows) is not planning. Does nothing once planning has ended.
     *
     * @throws PlanningTimeoutException if its planning passed the bound: the job must not be submitted
     * @throws PlanningCanceledException if the statement was cancelled while it planned
     */
    public void end() {
        if (state.compareAndSet(State.PLANNING, State.PLANNED)) {
            cancelTimeout();
            return;
        }
        checkStillWanted();
    }

    /**
     * A step on the way that would act (run a statement that Flink has parsed): refused if the planning was given up,
     * so that a statement nobody waits for stops at the first such step rather than at the end.
     *
     * @throws PlanningTimeoutException if its planning passed the bound
     * @throws PlanningCanceledException if the statement was cancelled while it planned
     */
    public void checkStillWanted() {
        if (isGivenUp()) {
            throw failure();
        }
    }

    /**
     * The statement's work returned: its outcome goes to its client, unless its planning was given up first.
     *
     * @throws PlanningTimeoutException or {@link PlanningCanceledException} if the planning was given up first
     */
    public void complete() {
        finish();
        checkStillWanted();
    }

    /**
     * The statement's work ended, whatever its outcome: the bound no longer applies to it. Does nothing to a planning
     * given up, which stays so.
     */
    void finish() {
        state.updateAndGet(now -> isGivenUp(now) ? now : State.FINISHED);
        cancelTimeout();
    }

    /**
     * Gives the planning up because the statement was cancelled (its client went away, or called {@code cancel()}),
     * if it still waits for its session or plans; past planning, the statement's cancel reaches its admission and job
     * instead.
     *
     * @return whether the planning was given up now
     */
    public boolean cancel() {
        return giveUp(State.CANCELLED);
    }

    /** The bound passed: the planning is given up if the statement still plans. */
    void timeOut() {
        giveUp(State.TIMED_OUT);
    }

    private boolean giveUp(State why) {
        State was = state.getAndUpdate(
                now -> now == State.PLANNING || (now == State.WAITING && why == State.CANCELLED) ? why : now);
        boolean now = was == State.PLANNING || (was == State.WAITING && why == State.CANCELLED);
        if (now) {
            givenUp.complete(null);
        }
        return now;
    }

    /** Whether the planning was given up: its client no longer waits for it, and it will run nothing. */
    public boolean isGivenUp() {
        return isGivenUp(state.get());
    }

    private static boolean isGivenUp(State state) {
        return state == State.TIMED_OUT || state == State.CANCELLED;
    }

    /** Completes when the planning is given up; never, if it is not. */
    CompletableFuture<Void> givenUp() {
        return givenUp;
    }

    /** Runs {@code action} when the planning is given up (at once if it was); never, if it is not. */
    public void whenGivenUp(Runnable action) {
        givenUp.thenRun(action);
    }

    /** Why the planning was given up, as its client is told; meaningful once {@link #isGivenUp()}. */
    RuntimeException failure() {
        return state.get() == State.TIMED_OUT
                ? new PlanningTimeoutException(bound)
                : new PlanningCanceledException(statementId);
    }

    /** What another statement of the session is told while this one, given up, still holds the session. */
    SessionStillPlanningException stillPlanning() {
        return new SessionStillPlanningException(statementId, state.get() == State.TIMED_OUT ? bound : null);
    }

    private void cancelTimeout() {
        Future<?> scheduled = timeout;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }

    @Override
    public String toString() {
        return "PlanningPhase[statement " + statementId + ", " + state.get() + "]";
    }
}
