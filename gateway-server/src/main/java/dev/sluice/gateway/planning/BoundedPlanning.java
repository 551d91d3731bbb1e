package dev.sluice.gateway.planning;

import io.netty.util.concurrent.DefaultThreadFactory;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * Runs the work of statements that may plan in Flink on planning workers, within {@code sluice.query.max-planning-time}:
 * the request thread waits for the work's outcome, unless the statement's planning is given up first (it passed the
 * bound, or the statement was cancelled while it planned, as when its client goes away); then the request thread
 * answers at once, and the worker plans on to its end and runs nothing. Flink's planner has no cancellation point
 * (its planners get no cancel flag, and it does not look at the thread's interrupt), and a thread is never stopped;
 * so a planning can only be left, and what it costs after that is bounded by what holds it back from acting: its
 * session's lock, which it keeps ({@link ExecutionLock}), and its user's running statements, which it keeps counting
 * against.
 *
 * <p>The worker runs with what the request thread's context carries ({@link ContextCarrier}) and its context class
 * loader, and with the statement's {@link PlanningPhase} as its own, which the steps on its way read:
 * {@link #planningEnds} where its job asks for admission, {@link #checkStillWanted} where a parsed statement would
 * act. Thread-safe; closing it stops its threads.
 */
public final class BoundedPlanning implements AutoCloseable {
    private final Duration bound;
    private final Executor workers;
    private final int maxWorkers;
    private final PlanningTimer timer;
    private final ContextCarrier carrier;
    private final Runnable shutdown;
    // the planning of the statement that the current thread runs, while it does
    private final ThreadLocal<PlanningPhase> current = new ThreadLocal<>();

    /**
     * @param workers runs statements; bounded, it refuses a statement beyond its bound
     * @param maxWorkers the bound of {@code workers}, named when it refuses
     * @param timer gives up the plannings that pass the bound
     */
    BoundedPlanning(
            PlanningConfig config, Executor workers, int maxWorkers, PlanningTimer timer, ContextCarrier carrier) {
        this(config, workers, maxWorkers, timer, carrier, () -> {});
    }

    private BoundedPlanning(
            PlanningConfig config,
            Executor workers,
            int maxWorkers,
            PlanningTimer timer,
            ContextCarrier carrier,
            Runnable shutdown) {
        this.bound = requireNonNull(config, "config is null").maxPlanningTime();
        this.workers = requireNonNull(workers, "workers is null");
        this.maxWorkers = maxWorkers;
        this.timer = requireNonNull(timer, "timer is null");
        this.carrier = requireNonNull(carrier, "carrier is null");
        this.shutdown = requireNonNull(shutdown, "shutdown is null");
    }

    /**
     * Starts the planning workers and the bound's timer.
     *
     * @param maxWorkers statements that may plan or run at once: one for each RPC thread that waits for its statement,
     *     and one for each session whose planning was given up and plans on (a session holds one at a time)
     * @param carrier carries what planning reads of the request thread's context to the worker
     */
    public static BoundedPlanning start(PlanningConfig config, int maxWorkers, ContextCarrier carrier) {
        if (maxWorkers < 1) {
            throw new IllegalArgumentException("maxWorkers must be at least 1, was " + maxWorkers);
        }
        // threads are made when needed and end when idle; the JVM's default stack, as the RPC threads have, on which
        // the statement bounds were measured
        ThreadPoolExecutor workers = new ThreadPoolExecutor(
                0,
                maxWorkers,
                60,
                TimeUnit.SECONDS,
                new SynchronousQueue<>(),
                new DefaultThreadFactory("sluice-planning", true),
                new ThreadPoolExecutor.AbortPolicy());
        ScheduledThreadPoolExecutor timer =
                new ScheduledThreadPoolExecutor(1, new DefaultThreadFactory("sluice-planning-bound", true));
        timer.setRemoveOnCancelPolicy(true); // most plannings end well before their bound
        return new BoundedPlanning(
                config,
                workers,
                maxWorkers,
                (task, delay) -> timer.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS),
                carrier,
                () -> {
                    // a planning still under way is left to end on its own, on its daemon thread
                    timer.shutdownNow();
                    workers.shutdownNow();
                });
    }

    /** The planning of one execution of statement {@code statementId}, waiting for its session. */
    public PlanningPhase newPhase(int statementId) {
        return new PlanningPhase(statementId, bound, timer);
    }

    /**
     * Runs {@code work}, the execution of a statement whose planning is {@code phase}, on a planning worker, and
     * returns its outcome, or fails as it failed; the phase begins when the work takes its session's lock with it.
     *
     * @throws PlanningTimeoutException at once if the planning passes its bound; the work plans on and runs nothing
     * @throws PlanningCanceledException at once if the statement is cancelled before its planning ended
     * @throws PlanningThreadsBusyException if every worker is busy; the work did not start
     */
    public <T> T run(PlanningPhase phase, Supplier<T> work) {
        requireNonNull(phase, "phase is null");
        requireNonNull(work, "work is null");
        CompletableFuture<T> outcome = new CompletableFuture<>();
        ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
        Runnable task = carrier.carry(() -> runAs(phase, classLoader, work, outcome));
        try {
            workers.execute(task);
        } catch (RejectedExecutionException e) {
            throw new PlanningThreadsBusyException(maxWorkers, e);
        }
        return await(phase, outcome);
    }

    private <T> void runAs(
            PlanningPhase phase, @Nullable ClassLoader classLoader, Supplier<T> work, CompletableFuture<T> outcome) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(classLoader);
        current.set(phase);
        try {
            outcome.complete(work.get());
        } catch (Throwable e) { // errors too: a planner's StackOverflowError is its client's answer
            outcome.completeExceptionally(e);
        } finally {
            current.remove();
            thread.setContextClassLoader(previous);
        }
    }

    /** The work's outcome, or the planning's failure as soon as it is given up, whichever comes first. */
    private static <T> T await(PlanningPhase phase, CompletableFuture<T> outcome) {
        try {
            CompletableFuture.anyOf(outcome, phase.givenUp()).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            phase.cancel(); // the gateway stops: the statement's client will not be answered
        } catch (ExecutionException e) {
            // the work failed; read below
        }
        if (!outcome.isDone()) {
            throw phase.isGivenUp() ? phase.failure() : new PlanningCanceledException(phase.statementId());
        }
        try {
            return outcome.get();
        } catch (ExecutionException e) {
            Throwable failure = e.getCause();
            if (failure instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (failure instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(failure);
        } catch (InterruptedException e) { // not reached: the outcome is done
            Thread.currentThread().interrupt();
            throw new PlanningCanceledException(phase.statementId());
        }
    }

    /**
     * The statement that runs on this thread has planned, and its job asks the cluster for admission now; nothing on a
     * thread that runs no bounded statement.
     *
     * @throws PlanningTimeoutException if its planning passed the bound: its job must not be submitted
     * @throws PlanningCanceledException if it was cancelled while it planned
     */
    public void planningEnds() {
        PlanningPhase phase = current.get();
        if (phase != null) {
            phase.end();
        }
    }

    /**
     * A statement that Flink has parsed is about to act (its access was checked): refused if its planning was given
     * up, so that it stops here rather than at its job's admission.
     *
     * @throws PlanningTimeoutException if its planning passed the bound
     * @throws PlanningCanceledException if it was cancelled while it planned
     */
    public void checkStillWanted() {
        PlanningPhase phase = current.get();
        if (phase != null) {
            phase.checkStillWanted();
        }
    }

    /** Stops the timer and the workers; a planning still under way is left to end on its own. */
    @Override
    public void close() {
        shutdown.run();
    }
}
