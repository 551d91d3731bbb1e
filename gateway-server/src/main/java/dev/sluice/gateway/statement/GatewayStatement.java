package dev.sluice.gateway.statement;

import dev.sluice.gateway.planning.PlanningPhase;
import dev.sluice.gateway.result.NoResultException;
import dev.sluice.gateway.result.ResultCursor;
import dev.sluice.gateway.result.ResultIdleTimeoutException;
import dev.sluice.gateway.result.ResultIdleWatch;
import dev.sluice.gateway.result.StatementOutcome;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * One JDBC statement of a session, and all the gateway keeps of it: what preparing it learned, if it was prepared,
 * and the cursor of its current result, if any.
 *
 * <p>Fetches on one statement are serialised by its monitor; the Avatica client never fetches one result from two
 * threads, but nothing here relies on that. {@link #cancel()} takes no lock, so that it reaches the job while a fetch
 * waits for its rows.
 */
public final class GatewayStatement implements AutoCloseable {
    private final int id;
    private final @Nullable PreparedSql prepared;
    // volatile for cancel, which reads it without the lock
    private volatile @Nullable ResultCursor cursor;
    private @Nullable ResolvedSchema schema;
    private long nextOffset;
    /** Cancels the job of the current result; read by {@link #cancel()} without the monitor. */
    private volatile Runnable cancelJob = () -> {};
    /** Whether the current result was cancelled; a fetch that fails then reports the cancel, not the job's end. */
    private volatile boolean canceled;
    /** Set by the client between executions; read when an execution starts. */
    private volatile StatementLimits limits = StatementLimits.NONE;
    /** The width of the current result's rows as its last frame measured them; 0 before its first frame. */
    private volatile long observedRowBytes;
    /** Whether a fetch is under way (it may hold the monitor while it waits for rows); read by {@link #close()}. */
    private volatile boolean fetching;
    /** The planning of the statement's latest execution, which a cancel gives up while it still plans. */
    private volatile @Nullable PlanningPhase planning;

    private final ResultIdleWatch idleWatch = new ResultIdleWatch();
    private final LongSupplier nanoTime;

    public GatewayStatement(int id, LongSupplier nanoTime) {
        this(id, null, nanoTime);
    }

    /**
     * @param prepared what preparing the statement learned; null for a statement created without a text
     * @param nanoTime the session's monotonic clock, which times how long a result goes unread
     */
    public GatewayStatement(int id, @Nullable PreparedSql prepared, LongSupplier nanoTime) {
        this.id = id;
        this.prepared = prepared;
        this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
    }

    public int id() {
        return id;
    }

    /** The statement's text and analysis, if it was prepared; each execution binds its parameters anew. */
    public Optional<PreparedSql> prepared() {
        return Optional.ofNullable(prepared);
    }

    /** The limits the client set on this statement; {@link StatementLimits#NONE} until it sets any. */
    public StatementLimits limits() {
        return limits;
    }

    /** Sets the limits of this statement's next executions; an execution that already runs keeps its own. */
    public void limit(StatementLimits limits) {
        this.limits = requireNonNull(limits, "limits is null");
    }

    /** Replaces the current result; the previous cursor is closed (its job cancelled if still running). */
    public synchronized void replaceResult(StatementOutcome.@Nullable Rows rows) {
        // an execution starts with replaceResult(null), which clears the flag; set again by the time its result
        // arrives, it means the client cancelled while the statement was starting: the new result is cancelled too
        boolean canceledWhileStarting = canceled && rows != null;
        if (cursor != null) {
            cursor.close();
        }
        cursor = rows == null ? null : rows.cursor();
        schema = rows == null ? null : rows.schema();
        nextOffset = 0;
        observedRowBytes = 0;
        canceled = canceledWhileStarting;
        cancelJob = rows == null ? () -> {} : rows.cancelJob();
        if (canceledWhileStarting) {
            cancelJob.run();
        }
        if (rows == null) {
            idleWatch.closed();
        } else {
            idleWatch.opened(nanoTime.getAsLong());
        }
    }

    /**
     * Cancels the statement's running job at once, without waiting for a fetch in progress: that fetch, and any later
     * one on this result, fails with {@link StatementCanceledException}. Does nothing when no job runs. A statement that
     * still waits for its session or plans is answered at once, and runs no job ({@link PlanningPhase#cancel}). A cancel that
     * arrives while the statement is still starting cancels the result it then gets ({@link #replaceResult}). A result
     * whose every row has gone to the client has nothing left to stop: its cancel does nothing, so that the driver may
     * cancel any result its client closes before its end without cancelling a job that just finished.
     */
    public void cancel() {
        PlanningPhase executing = planning;
        if (executing != null) {
            executing.cancel(); // only while it waits for its session or plans: its client is answered at once
        }
        ResultCursor current = cursor;
        if (current != null && current.isDone()) {
            return;
        }
        canceled = true;
        cancelJob.run();
    }

    /** An execution of the statement starts, whose planning is {@code phase}; a {@link #cancel()} gives it up. */
    public void planningStarts(PlanningPhase phase) {
        planning = requireNonNull(phase, "phase is null");
    }

    /**
     * Closes the open result, cancelling its job, if its client has not read it for {@code timeout}; a later fetch
     * fails with {@link ResultIdleTimeoutException}. Never waits for a fetch in progress, which counts as reading.
     *
     * @return whether it closed the result
     */
    public boolean closeResultIfIdle(Duration timeout) {
        if (!idleWatch.expireIfIdle(nanoTime.getAsLong(), timeout)) {
            return false;
        }
        synchronized (this) { // free: no fetch is in progress, and none may start on an expired result
            if (cursor != null) {
                cursor.close();
                cursor = null;
            }
        }
        return true;
    }

    /** The width of the open result's rows, as the frame that sent them last measured it; 0 before any frame. */
    public long observedRowBytes() {
        return observedRowBytes;
    }

    /** Remembers the width of the rows of the frame just made of the open result, to size its next frame. */
    public void observedRowBytes(long rowBytes) {
        observedRowBytes = rowBytes;
    }

    /** The schema of the open result, if there is one. */
    public synchronized Optional<ResolvedSchema> resultSchema() {
        return cursor == null ? Optional.empty() : Optional.ofNullable(schema);
    }

    /**
     * Returns the next page of the current result.
     *
     * @param offset where the client believes the page starts; must be where the last page ended
     * @throws NoResultException if the statement has no open result or the offset does not continue it
     * @throws ResultIdleTimeoutException if the gateway closed the result because it went unread too long
     */
    public Page fetch(long offset, int maxRows) {
        idleWatch.beginFetch(id);
        fetching = true;
        try {
            return fetchLocked(offset, maxRows);
        } finally {
            fetching = false;
            idleWatch.endFetch(nanoTime.getAsLong());
        }
    }

    private synchronized Page fetchLocked(long offset, int maxRows) {
        ResultCursor current = cursor;
        if (current == null && canceled) {
            throw new StatementCanceledException(id);
        }
        if (current == null) {
            throw new NoResultException("Statement " + id + " has no open result to fetch from");
        }
        if (offset != nextOffset) {
            throw new NoResultException("Statement " + id + " can only continue its result at row " + nextOffset
                    + ", was asked for " + offset);
        }
        ResolvedSchema currentSchema = requireNonNull(schema, "schema");
        List<Row> rows;
        try {
            rows = current.next(maxRows);
        } catch (RuntimeException e) {
            cursor = null;
            if (canceled) {
                throw new StatementCanceledException(id, e);
            }
            throw e;
        }
        nextOffset += rows.size();
        boolean done = current.isDone();
        if (done) {
            cursor = null;
            idleWatch.closed();
        }
        return new Page(offset, rows, done, currentSchema);
    }

    /**
     * Closes the statement's result, cancelling its job if it is still running. A fetch that waits for rows meanwhile
     * is not waited for: its job is cancelled first, so the fetch fails at once (as cancelled) and the close follows.
     */
    @Override
    public void close() {
        if (fetching) {
            cancel();
        }
        synchronized (this) {
            replaceResult(null);
        }
    }

    /** Rows starting at {@code offset}; {@code done} when they are the last. */
    public record Page(long offset, List<Row> rows, boolean done, ResolvedSchema schema) {
        public Page {
            rows = List.copyOf(rows);
            requireNonNull(schema, "schema is null");
        }
    }
}
