package dev.sluice.gateway.session;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class StreamingResultCursorTest {
    private final AtomicInteger closes = new AtomicInteger();

    @Test
    void pagesRowsAsTheyArrive() {
        StreamingResultCursor cursor = new StreamingResultCursor(rows(inserts(5)), 0);

        assertThat(cursor.next(2)).containsExactly(Row.of(0), Row.of(1));
        assertThat(cursor.isDone()).isFalse();
        assertThat(cursor.next(2)).containsExactly(Row.of(2), Row.of(3));
        assertThat(cursor.isDone()).isFalse();
        assertThat(cursor.next(2)).containsExactly(Row.of(4));
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void isDoneOnlyAfterTheEndIsSeen() {
        StreamingResultCursor cursor = new StreamingResultCursor(rows(inserts(2)), 0);

        assertThat(cursor.isDone()).isFalse();
        assertThat(cursor.next(2)).hasSize(2);
        assertThat(cursor.isDone()).isFalse();
        assertThat(cursor.next(2)).isEmpty();
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void emptyResultIsDoneAfterTheFirstPage() {
        StreamingResultCursor cursor = new StreamingResultCursor(rows(), 0);

        assertThat(cursor.next(10)).isEmpty();
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void closesTheIteratorWhenTheEndIsSeen() {
        StreamingResultCursor cursor = new StreamingResultCursor(rows(inserts(3)), 0);

        cursor.next(3);
        assertThat(closes).hasValue(0);

        cursor.next(3);
        assertThat(closes).hasValue(1);
    }

    @Test
    void stopsAtMaxRowsAndClosesTheIterator() {
        StreamingResultCursor cursor = new StreamingResultCursor(rows(inserts(5)), 3);

        assertThat(cursor.next(10)).containsExactly(Row.of(0), Row.of(1), Row.of(2));
        assertThat(cursor.isDone()).isTrue();
        assertThat(closes).hasValue(1);
        assertThat(cursor.next(10)).isEmpty();
    }

    @Test
    void maxRowsSpansPages() {
        StreamingResultCursor cursor = new StreamingResultCursor(rows(inserts(5)), 3);

        assertThat(cursor.next(2)).containsExactly(Row.of(0), Row.of(1));
        assertThat(cursor.next(2)).containsExactly(Row.of(2));
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void zeroMaxRowsMeansNoLimit() {
        StreamingResultCursor cursor = new StreamingResultCursor(rows(inserts(5)), 0);

        assertThat(cursor.next(10)).hasSize(5);
    }

    @Test
    void rejectsANonInsertRow() {
        StreamingResultCursor cursor =
                new StreamingResultCursor(rows(Row.ofKind(RowKind.INSERT, 1), Row.ofKind(RowKind.UPDATE_BEFORE, 1)), 0);

        assertThatThrownBy(() -> cursor.next(10))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("A batch result must be insert-only, but a row of kind UPDATE_BEFORE arrived");
    }

    @Test
    void closeClosesTheIterator() {
        StreamingResultCursor cursor = new StreamingResultCursor(rows(inserts(5)), 0);

        cursor.next(1);
        cursor.close();

        assertThat(closes).hasValue(1);
    }

    @Test
    void closeNeverThrows() {
        CloseableIterator<Row> failingClose =
                CloseableIterator.adapterForIterator(new ArrayList<Row>().iterator(), () -> {
                    throw new Exception("cancel failed");
                });
        StreamingResultCursor cursor = new StreamingResultCursor(failingClose, 0);

        cursor.close();

        assertThat(cursor.next(1)).isEmpty();
        assertThat(cursor.isDone()).isTrue();
    }

    private CloseableIterator<Row> rows(Row... rows) {
        return CloseableIterator.adapterForIterator(List.of(rows).iterator(), closes::incrementAndGet);
    }

    private static Row[] inserts(int count) {
        Row[] rows = new Row[count];
        for (int i = 0; i < count; i++) {
            rows[i] = Row.ofKind(RowKind.INSERT, i);
        }
        return rows;
    }
}
