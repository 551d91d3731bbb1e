package dev.sluice.gateway.result;

import dev.sluice.jobs.QueryTimeoutException;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.RetryExhaustedException;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class StreamingResultCursorTest {
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);

    @Test
    void returnsAPageAsSoonAsRowsArriveWithoutWaitingToFillIt() {
        ScriptedRows rows = new ScriptedRows(List.of(batch(0, 2), batch(2, 3)));
        StreamingResultCursor cursor = cursor(rows, 0, Duration.ZERO);

        assertThat(cursor.next(100)).containsExactly(Row.of(0), Row.of(1));
        assertThat(cursor.isDone()).isFalse();
        assertThat(cursor.next(100)).containsExactly(Row.of(2));
        assertThat(cursor.isDone()).isTrue();
        assertThat(rows.closed).isTrue();
    }

    @Test
    void neverReturnsAnEmptyPageThatIsNotTheLast() {
        ScriptedRows rows = new ScriptedRows(List.of(batch(0, 3)));
        StreamingResultCursor cursor = cursor(rows, 0, Duration.ZERO);

        List<List<Row>> pages = new ArrayList<>();
        while (!cursor.isDone()) {
            pages.add(cursor.next(2));
        }

        assertThat(pages).containsExactly(List.of(Row.of(0), Row.of(1)), List.of(Row.of(2)));
    }

    @Test
    void emptyResultIsDoneAfterTheFirstPage() {
        StreamingResultCursor cursor = cursor(new ScriptedRows(List.of()), 0, Duration.ZERO);

        assertThat(cursor.next(10)).isEmpty();
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void stopsAtMaxRowsAndClosesTheRows() {
        ScriptedRows rows = new ScriptedRows(List.of(batch(0, 5)));
        StreamingResultCursor cursor = cursor(rows, 3, Duration.ZERO);

        assertThat(cursor.next(10)).containsExactly(Row.of(0), Row.of(1), Row.of(2));
        assertThat(cursor.isDone()).isTrue();
        assertThat(rows.closed).isTrue();
        assertThat(cursor.next(10)).isEmpty();
    }

    @Test
    void maxRowsSpansPages() {
        StreamingResultCursor cursor = cursor(new ScriptedRows(List.of(batch(0, 5))), 3, Duration.ZERO);

        assertThat(cursor.next(2)).containsExactly(Row.of(0), Row.of(1));
        assertThat(cursor.next(2)).containsExactly(Row.of(2));
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void rejectsANonInsertRow() {
        ScriptedRows rows =
                new ScriptedRows(List.of(List.of(Row.ofKind(RowKind.INSERT, 1), Row.ofKind(RowKind.UPDATE_BEFORE, 1))));
        StreamingResultCursor cursor = cursor(rows, 0, Duration.ZERO);

        assertThatThrownBy(() -> cursor.next(10))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("An insert-only result was expected, but a row of kind UPDATE_BEFORE arrived");
        assertThat(rows.closed).isTrue();
    }

    @Test
    void passesTheTimeLeftOfTheQueryToEachWait() {
        ScriptedRows rows = new ScriptedRows(List.of(batch(0, 1), batch(1, 2)));
        StreamingResultCursor cursor = cursor(rows, 0, Duration.ofSeconds(10));

        clock.addAndGet(Duration.ofSeconds(3).toNanos());
        cursor.next(10);
        clock.addAndGet(Duration.ofSeconds(4).toNanos());
        cursor.next(10);

        assertThat(rows.timeouts).containsExactly(Duration.ofSeconds(7), Duration.ofSeconds(3));
    }

    @Test
    void aQueryWithoutTimeoutWaitsWithoutLimit() {
        ScriptedRows rows = new ScriptedRows(List.of(batch(0, 1)));
        cursor(rows, 0, Duration.ZERO).next(10);

        assertThat(rows.timeouts).containsExactly(Duration.ofNanos(Long.MAX_VALUE));
    }

    @Test
    void aPassedDeadlineBecomesAQueryTimeoutThatSaysHowLongAndHowOften() {
        ScriptedRows rows = new ScriptedRows(List.of());
        rows.failure = new DeadlineExceededException("query result", Duration.ofMillis(500), 9, Duration.ofMillis(500));
        StreamingResultCursor cursor = cursor(rows, 0, Duration.ofMillis(500));
        clock.addAndGet(Duration.ofMillis(510).toNanos());

        assertThatThrownBy(() -> cursor.next(10))
                .isInstanceOf(QueryTimeoutException.class)
                .hasMessage("No further rows after 9 polls of the cluster in 510 ms (sluice.query.timeout = 500 ms);"
                        + " its job has been cancelled");
        assertThat(rows.closed).isTrue();
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void exhaustedAttemptsBecomeAQueryTimeout() {
        ScriptedRows rows = new ScriptedRows(List.of());
        rows.failure = new RetryExhaustedException("query result", 5, Duration.ofMillis(1200));
        StreamingResultCursor cursor = cursor(rows, 0, Duration.ZERO);
        clock.addAndGet(Duration.ofMillis(1200).toNanos());

        assertThatThrownBy(() -> cursor.next(10))
                .isInstanceOf(QueryTimeoutException.class)
                .hasMessage("No further rows after 5 polls of the cluster in 1.2 s (all the attempts the collect"
                        + " strategy allows); its job has been cancelled");
        assertThat(rows.closed).isTrue();
    }

    private StreamingResultCursor cursor(QueryRows rows, long maxRows, Duration timeout) {
        QueryDeadline deadline = new QueryDeadline(clock.get(), timeout, "sluice.query.timeout");
        return new StreamingResultCursor(new TimedQueryRows(rows, deadline, clock::get), maxRows);
    }

    private static List<Row> batch(int from, int to) {
        List<Row> rows = new ArrayList<>();
        for (int i = from; i < to; i++) {
            rows.add(Row.ofKind(RowKind.INSERT, i));
        }
        return rows;
    }

    /** Rows that arrive in the given batches, one batch per wait, as a collect sink hands them out. */
    private static final class ScriptedRows implements QueryRows {
        private final Deque<List<Row>> batches;
        private final Deque<Row> current = new ArrayDeque<>();
        private final List<Duration> timeouts = new ArrayList<>();
        private RuntimeException failure;
        private boolean closed;

        ScriptedRows(List<List<Row>> batches) {
            this.batches = new ArrayDeque<>(batches);
        }

        @Override
        public List<Row> next(int maxRows, Duration timeout) {
            timeouts.add(timeout);
            if (failure != null) {
                throw failure;
            }
            if (current.isEmpty() && !batches.isEmpty()) {
                current.addAll(batches.poll());
            }
            List<Row> rows = new ArrayList<>();
            while (rows.size() < maxRows && !current.isEmpty()) {
                rows.add(current.poll());
            }
            return rows;
        }

        @Override
        public boolean isDone() {
            return current.isEmpty() && batches.isEmpty();
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
