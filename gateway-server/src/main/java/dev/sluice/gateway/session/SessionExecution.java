package dev.sluice.gateway.session;

import dev.sluice.gateway.history.QueryHistory;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.planning.BoundedPlanning;
import dev.sluice.gateway.planning.ExecutionLock;
import dev.sluice.gateway.planning.PlanningPhase;
import dev.sluice.gateway.planning.PlanningThreadsBusyException;
import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementKind;
import org.jspecify.annotations.Nullable;

import java.util.function.Function;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * Runs a session's statements one at a time under its {@link ExecutionLock}, each traced in the session's history from
 * its start to its end. A statement that may plan in Flink runs on a planning worker within
 * {@code sluice.query.max-planning-time} ({@link BoundedPlanning}), and its client is answered at once when its
 * planning is given up; the others run on the calling thread. A statement given up keeps the lock and its trace (and
 * with it its user's running-statement place) until its work really ends, on the worker.
 */
final class SessionExecution {
    private static final int NO_STATEMENT = -1;

    private final String clusterName;
    private final QueryHistory history;
    private final QueryObserver observer;
    private final SessionClock clock;
    private final BoundedPlanning planning;
    private final SessionStateVersion stateVersion;
    private final ConnectionTransaction transaction;
    private final ExecutionLock lock = new ExecutionLock();
    // the statement that holds the lock now, for a cancel that arrives before its result exists
    private volatile int executingStatementId = NO_STATEMENT;

    /**
     * @param stateVersion told of every statement that ran, succeeded or not, while it still holds the lock
     * @param transaction told of every statement that succeeded
     */
    SessionExecution(
            String clusterName,
            QueryHistory history,
            QueryObserver observer,
            SessionClock clock,
            BoundedPlanning planning,
            SessionStateVersion stateVersion,
            ConnectionTransaction transaction) {
        this.clusterName = requireNonNull(clusterName, "clusterName is null");
        this.history = requireNonNull(history, "history is null");
        this.observer = requireNonNull(observer, "observer is null");
        this.clock = requireNonNull(clock, "clock is null");
        this.planning = requireNonNull(planning, "planning is null");
        this.stateVersion = requireNonNull(stateVersion, "stateVersion is null");
        this.transaction = requireNonNull(transaction, "transaction is null");
    }

    /** Whether statement {@code statementId} holds the lock now. */
    boolean isExecuting(int statementId) {
        return executingStatementId == statementId;
    }

    /** Runs a statement that does not plan in Flink on the calling thread, under the lock, traced in the history. */
    StatementOutcome traced(
            GatewayStatement statement, PlannedStatement planned, Function<QueryTrace, StatementOutcome> run) {
        lock.requireNotStillPlanning(); // refused before it enters the history
        QueryTrace trace = history.start(planned.sql(), planned.kind(), statement.id());
        return underLock(statement, planned, trace, null, run);
    }

    /**
     * Runs a statement that may plan in Flink on a planning worker, under the lock, traced in the history; the calling
     * thread waits for its outcome, or for its planning to be given up.
     */
    StatementOutcome planned(
            GatewayStatement statement, PlannedStatement planned, Function<QueryTrace, StatementOutcome> run) {
        lock.requireNotStillPlanning();
        // counted against its user's running statements from here, on the calling thread: a refusal comes at once
        QueryTrace trace = history.start(planned.sql(), planned.kind(), statement.id());
        PlanningPhase phase = planning.newPhase(statement.id());
        phase.whenGivenUp(trace::planningGivenUp); // the history shows what still plans for nobody
        statement.planningStarts(phase); // a cancel of the statement gives its planning up
        try {
            return planning.run(phase, () -> underLock(statement, planned, trace, phase, run));
        } catch (PlanningThreadsBusyException e) {
            history.failed(trace, e); // it never ran; any other failure is traced by the work, when it really ends
            throw e;
        }
    }

    /**
     * Runs {@code action} under the lock, without a trace: catalog reads and planning that must not submit a job.
     *
     * @throws dev.sluice.gateway.planning.SessionStillPlanningException while a given-up planning holds the session
     */
    <T> T withLock(Supplier<T> action) {
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    private StatementOutcome underLock(
            GatewayStatement statement,
            PlannedStatement planned,
            QueryTrace trace,
            @Nullable PlanningPhase phase,
            Function<QueryTrace, StatementOutcome> run) {
        StatementKind kind = planned.kind();
        try {
            lock.lock(phase);
        } catch (RuntimeException e) {
            history.failed(trace, e);
            throw e;
        }
        boolean succeeded = false;
        executingStatementId = statement.id();
        try {
            StatementOutcome outcome = run.apply(trace);
            if (phase != null) {
                completed(phase, outcome);
            }
            if (outcome instanceof StatementOutcome.Rows rows) {
                statement.replaceResult(rows);
            }
            succeeded = true;
            transaction.succeeded(kind);
            return outcome;
        } catch (RuntimeException | Error e) {
            history.failed(trace, e);
            throw e;
        } finally {
            stateVersion.ran(planned);
            executingStatementId = NO_STATEMENT;
            lock.unlock();
            observer.executed(clusterName, kind, clock.nanoTime() - trace.startNanos(), succeeded);
            if (!trace.isReadingAJob()) {
                history.finish(trace, QueryOutcome.SUCCESS, "finished");
            }
        }
    }

    /**
     * The statement's work returned; a statement whose planning was given up meanwhile ran no job (its job's admission
     * refused it), so what it returned is rows nobody will read, dropped here.
     */
    private static void completed(PlanningPhase phase, StatementOutcome outcome) {
        try {
            phase.complete();
        } catch (RuntimeException e) {
            if (outcome instanceof StatementOutcome.Rows rows) {
                rows.cursor().close();
            }
            throw e;
        }
    }
}
