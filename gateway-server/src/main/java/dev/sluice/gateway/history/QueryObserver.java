package dev.sluice.gateway.history;

import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.cache.PlanKind;

import java.time.Duration;

/** Told about every statement a session runs, for metrics. Implementations must be thread-safe and fast. */
public interface QueryObserver {
    /** Does nothing. */
    QueryObserver NONE = (cluster, kind, executeNanos, succeeded) -> {};

    /**
     * A statement was executed: planned, compiled and (for a job) submitted until running.
     *
     * @param executeNanos time from receiving the statement until its result (or failure) was ready to fetch
     */
    void executed(String cluster, StatementKind kind, long executeNanos, boolean succeeded);

    /**
     * A statement started; it is running until {@link #finished} is called for it, exactly once. An observer may
     * refuse it by throwing: then it does not run, and {@link #finished} is not called for it.
     */
    default void started(String cluster, StatementKind kind) {}

    /**
     * A statement ended: it failed, or its result has ended or was closed; {@code phases} holds the phases it went
     * through.
     */
    default void finished(String cluster, StatementKind kind, QueryOutcome outcome, QueryPhases phases) {}

    /**
     * The job of a statement that {@link #finished} lived {@code lifetime} by its cluster's account, and the
     * statement's client waited {@code beyondJob} more (the gateway's and the driver's time). Called after
     * {@link #finished}, from a thread of the cluster's REST client, and only when the cluster told the job's lifetime.
     */
    default void jobLived(String cluster, QueryOutcome outcome, Duration lifetime, Duration beyondJob) {}

    /**
     * A query was planned, or its plan found in the plan cache.
     *
     * @param planNanos time to find or build the plan: for a constant query its rows, for a job the {@code plan}
     *     phase until the job went to the executor
     */
    default void planned(String cluster, PlanKind plan, PlanCacheResult cacheResult, long planNanos) {}
}
