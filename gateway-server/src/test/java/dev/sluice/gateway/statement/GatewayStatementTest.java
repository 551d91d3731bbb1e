package dev.sluice.gateway.statement;

import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.NoResultException;
import dev.sluice.gateway.result.ResultCursor;
import dev.sluice.gateway.result.ResultIdleTimeoutException;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.statement.GatewayStatement.Page;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class GatewayStatementTest {
    private static final ResolvedSchema SCHEMA = ResolvedSchema.of(Column.physical("x", DataTypes.INT()));

    private final GatewayStatement statement = new GatewayStatement(7, System::nanoTime);

    @Test
    void hasItsId() {
        assertThat(statement.id()).isEqualTo(7);
    }

    @Test
    void fetchWithoutResultFails() {
        assertThatThrownBy(() -> statement.fetch(0, 10))
                .isInstanceOf(NoResultException.class)
                .hasMessage("Statement 7 has no open result to fetch from");
    }

    @Test
    void pagesCarryOffsets() {
        statement.replaceResult(rows(1, 2, 3, 4, 5));

        Page first = statement.fetch(0, 2);
        Page second = statement.fetch(2, 2);
        Page last = statement.fetch(4, 2);

        assertThat(first).isEqualTo(new Page(0, List.of(Row.of(1), Row.of(2)), false, SCHEMA));
        assertThat(second).isEqualTo(new Page(2, List.of(Row.of(3), Row.of(4)), false, SCHEMA));
        assertThat(last).isEqualTo(new Page(4, List.of(Row.of(5)), true, SCHEMA));
    }

    @Test
    void resultIsGoneAfterTheLastPage() {
        statement.replaceResult(rows(1));
        statement.fetch(0, 10);

        assertThatThrownBy(() -> statement.fetch(1, 10))
                .isInstanceOf(NoResultException.class)
                .hasMessage("Statement 7 has no open result to fetch from");
    }

    @Test
    void cancelRunsTheJobsCancelAndTheFailedFetchSaysCanceled() {
        List<String> calls = new ArrayList<>();
        ResultCursor failsOnceCancelled = new ResultCursor() {
            @Override
            public List<Row> next(int maxRows) {
                // what a collect reader does once its job was cancelled under it
                throw new IllegalStateException("Job ended without a result (was it cancelled?)");
            }

            @Override
            public boolean isDone() {
                return false;
            }

            @Override
            public void close() {
                calls.add("close");
            }
        };
        statement.replaceResult(new StatementOutcome.Rows(SCHEMA, failsOnceCancelled, () -> calls.add("cancel job")));

        statement.cancel();

        assertThat(calls).containsExactly("cancel job");
        assertThatThrownBy(() -> statement.fetch(0, 10))
                .isInstanceOf(StatementCanceledException.class)
                .hasMessage("Statement 7 was canceled")
                .hasCauseInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> statement.fetch(0, 10))
                .isInstanceOf(StatementCanceledException.class)
                .hasMessage("Statement 7 was canceled");
    }

    @Test
    void aNewResultIsNotCanceledByAnEarlierCancel() {
        statement.replaceResult(rows(1));
        statement.cancel();

        statement.replaceResult(rows(2));

        assertThat(statement.fetch(0, 10).rows()).containsExactly(Row.of(2));
    }

    @Test
    void fetchAtWrongOffsetFails() {
        statement.replaceResult(rows(1, 2, 3, 4));
        statement.fetch(0, 2);

        assertThatThrownBy(() -> statement.fetch(0, 2))
                .isInstanceOf(NoResultException.class)
                .hasMessage("Statement 7 can only continue its result at row 2, was asked for 0");
        assertThatThrownBy(() -> statement.fetch(3, 2))
                .isInstanceOf(NoResultException.class)
                .hasMessage("Statement 7 can only continue its result at row 2, was asked for 3");
    }

    @Test
    void fetchAtWrongOffsetLosesNoRows() {
        statement.replaceResult(rows(1, 2, 3));
        statement.fetch(0, 1);

        assertThatThrownBy(() -> statement.fetch(5, 1)).isInstanceOf(NoResultException.class);

        assertThat(statement.fetch(1, 5).rows()).containsExactly(Row.of(2), Row.of(3));
    }

    @Test
    void emptyResultIsOnePageThatIsDone() {
        statement.replaceResult(rows());

        assertThat(statement.fetch(0, 10)).isEqualTo(new Page(0, List.of(), true, SCHEMA));
    }

    @Test
    void closingClosesTheCursor() {
        RecordingCursor cursor = new RecordingCursor();
        statement.replaceResult(new StatementOutcome.Rows(SCHEMA, cursor));

        statement.close();

        assertThat(cursor.closes).isEqualTo(1);
        assertThatThrownBy(() -> statement.fetch(0, 1))
                .isInstanceOf(NoResultException.class)
                .hasMessage("Statement 7 has no open result to fetch from");
    }

    @Test
    void newResultClosesThePreviousCursorAndStartsAtOffsetZero() {
        RecordingCursor previous = new RecordingCursor();
        statement.replaceResult(new StatementOutcome.Rows(SCHEMA, previous));
        statement.fetch(0, 1);

        statement.replaceResult(rows(10, 20));

        assertThat(previous.closes).isEqualTo(1);
        assertThat(statement.fetch(0, 5).rows()).containsExactly(Row.of(10), Row.of(20));
    }

    @Test
    void pageCopiesItsRows() {
        List<Row> rows = new ArrayList<>(List.of(Row.of(1)));
        Page page = new Page(0, rows, false, SCHEMA);

        rows.add(Row.of(2));

        assertThat(page.rows()).containsExactly(Row.of(1));
    }

    @Test
    void closesAResultItsClientStoppedReadingAndSaysSoOnTheNextFetch() {
        AtomicLong nanos = new AtomicLong();
        GatewayStatement watched = new GatewayStatement(3, nanos::get);
        RecordingCursor cursor = new RecordingCursor();
        watched.replaceResult(new StatementOutcome.Rows(SCHEMA, cursor));
        watched.fetch(0, 1);

        nanos.addAndGet(Duration.ofSeconds(59).toNanos());
        assertThat(watched.closeResultIfIdle(Duration.ofMinutes(1))).isFalse();
        assertThat(cursor.closes).isZero();
        nanos.addAndGet(Duration.ofSeconds(2).toNanos());

        assertThat(watched.closeResultIfIdle(Duration.ofMinutes(1))).isTrue();
        assertThat(cursor.closes).isEqualTo(1);
        assertThatThrownBy(() -> watched.fetch(1, 1))
                .isInstanceOfSatisfying(
                        ResultIdleTimeoutException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(SluiceErrorCode.RESULT_IDLE_TIMEOUT))
                .hasMessage("The result of statement 3 was closed and its job cancelled because it was not read for"
                        + " 60000 ms (sluice.session.result-idle-timeout)");
    }

    @Test
    void aFetchInProgressIsReadingHoweverLongItWaits() throws Exception {
        AtomicLong nanos = new AtomicLong();
        GatewayStatement watched = new GatewayStatement(3, nanos::get);
        CountDownLatch fetching = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        watched.replaceResult(new StatementOutcome.Rows(SCHEMA, new RecordingCursor() {
            @Override
            public List<Row> next(int maxRows) {
                fetching.countDown();
                awaitQuietly(release);
                return super.next(maxRows);
            }
        }));
        Thread fetch = new Thread(() -> watched.fetch(0, 1));
        fetch.start();
        fetching.await();

        nanos.addAndGet(Duration.ofHours(1).toNanos());

        assertThat(watched.closeResultIfIdle(Duration.ofMinutes(1))).isFalse();
        release.countDown();
        fetch.join();
    }

    @Test
    void aNewResultIsNotExpiredByTheOldOnesIdleness() {
        AtomicLong nanos = new AtomicLong();
        GatewayStatement watched = new GatewayStatement(3, nanos::get);
        watched.replaceResult(rows(1, 2));
        nanos.addAndGet(Duration.ofMinutes(2).toNanos());
        watched.closeResultIfIdle(Duration.ofMinutes(1));

        watched.replaceResult(rows(5));

        assertThat(watched.fetch(0, 5).rows()).containsExactly(Row.of(5));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static StatementOutcome.Rows rows(int... values) {
        List<Row> rows = new ArrayList<>();
        for (int value : values) {
            rows.add(Row.of(value));
        }
        return new StatementOutcome.Rows(SCHEMA, new ListResultCursor(rows));
    }

    /** A cursor with one row that never ends on its own and counts how often it is closed. */
    private static class RecordingCursor implements ResultCursor {
        private int closes;

        @Override
        public List<Row> next(int maxRows) {
            return List.of(Row.of(0));
        }

        @Override
        public boolean isDone() {
            return false;
        }

        @Override
        public void close() {
            closes++;
        }
    }
}
