package dev.sluice.gateway.result;

import dev.sluice.jobs.QueryTimeoutException;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.PollFailedException;
import dev.sluice.retry.RetryExhaustedException;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayDeque;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * A query's rows read against its deadline: a wait that runs out ends the query and becomes a
 * {@link QueryTimeoutException} that says how long it waited and how often it asked.
 */
public final class TimedQueryRows implements AutoCloseable {
    private final QueryRows rows;
    private final QueryDeadline deadline;
    private final LongSupplier nanoClock;
    private final ResultEnd onEnd;
    // set once, by the reading thread or by a cancel from another
    private final AtomicBoolean ended = new AtomicBoolean();

    /** @param onEnd told once how the result ended */
    public TimedQueryRows(QueryRows rows, QueryDeadline deadline, LongSupplier nanoClock, ResultEnd onEnd) {
        this.rows = requireNonNull(rows, "rows is null");
        this.deadline = requireNonNull(deadline, "deadline is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
        this.onEnd = requireNonNull(onEnd, "onEnd is null");
    }

    public TimedQueryRows(QueryRows rows, QueryDeadline deadline, LongSupplier nanoClock) {
        this(rows, deadline, nanoClock, (outcome, how) -> {});
    }

    /** See {@link QueryRows#next}; waits no longer than the query's deadline allows. */
    List<Row> next(int maxRows) {
        try {
            return rows.next(maxRows, deadline.remaining(nanoClock.getAsLong()));
        } catch (RuntimeException e) {
            RuntimeException failure = translate(e);
            end(QueryOutcome.of(failure), "failed: " + failure.getMessage());
            rows.close();
            throw failure;
        }
    }

    private RuntimeException translate(RuntimeException e) {
        if (e instanceof DeadlineExceededException || e instanceof RetryExhaustedException) {
            return QueryTimeoutException.of(
                    "No further rows",
                    (PollFailedException) e,
                    deadline.setting(),
                    deadline.timeout(),
                    deadline.elapsed(nanoClock.getAsLong()));
        }
        return e;
    }

    boolean isDone() {
        return rows.isDone();
    }

    /** Every row, one by one, for consumers that fold a whole result. */
    public CloseableIterator<Row> asIterator() {
        return new CloseableIterator<>() {
            private final ArrayDeque<Row> pending = new ArrayDeque<>();
            private boolean ended;

            @Override
            public boolean hasNext() {
                while (pending.isEmpty() && !ended) {
                    List<Row> batch = TimedQueryRows.this.next(Integer.MAX_VALUE);
                    pending.addAll(batch);
                    ended = batch.isEmpty();
                }
                return !pending.isEmpty();
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return pending.poll();
            }

            @Override
            public void close() {
                TimedQueryRows.this.close();
            }
        };
    }

    @Override
    public void close() {
        // closing a result before its end cancels its job: the statement was cancelled, by its client
        if (rows.isDone()) {
            end(QueryOutcome.SUCCESS, "finished");
        } else {
            end(QueryOutcome.CANCELLED, "closed early");
        }
        rows.close();
    }

    /**
     * The statement was cancelled (from another thread, while a fetch may be on its way): the result ends as
     * cancelled, whatever the fetch that the cancel breaks then reports.
     */
    public void cancelled() {
        end(QueryOutcome.CANCELLED, "cancelled");
    }

    private void end(QueryOutcome outcome, String how) {
        if (ended.compareAndSet(false, true)) {
            onEnd.ended(outcome, how);
        }
    }
}
