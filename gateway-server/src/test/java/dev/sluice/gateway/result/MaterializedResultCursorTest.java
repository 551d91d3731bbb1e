package dev.sluice.gateway.result;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class MaterializedResultCursorTest {
    private static final int NO_LIMIT = Integer.MAX_VALUE;

    private final AtomicInteger closes = new AtomicInteger();

    @Test
    void foldsChangelogToTheFinalRows() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(
                changelog(
                        Row.ofKind(RowKind.INSERT, "a", 1),
                        Row.ofKind(RowKind.INSERT, "b", 2),
                        Row.ofKind(RowKind.UPDATE_BEFORE, "a", 1),
                        Row.ofKind(RowKind.UPDATE_AFTER, "a", 3),
                        Row.ofKind(RowKind.DELETE, "b", 2),
                        Row.ofKind(RowKind.INSERT, "c", 4)),
                NO_LIMIT,
                0);

        assertThat(cursor.next(10)).containsExactlyInAnyOrder(Row.of("a", 3), Row.of("c", 4));
    }

    @Test
    void keepsDuplicatesAsAMultiset() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(
                changelog(
                        Row.ofKind(RowKind.INSERT, "x"),
                        Row.ofKind(RowKind.INSERT, "x"),
                        Row.ofKind(RowKind.INSERT, "x"),
                        Row.ofKind(RowKind.DELETE, "x"),
                        Row.ofKind(RowKind.INSERT, "y")),
                NO_LIMIT,
                0);

        assertThat(cursor.next(10)).containsExactlyInAnyOrder(Row.of("x"), Row.of("x"), Row.of("y"));
    }

    @Test
    void ignoresRetractionOfARowItNeverSaw() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(
                changelog(Row.ofKind(RowKind.DELETE, "ghost"), Row.ofKind(RowKind.INSERT, "x")), NO_LIMIT, 0);

        assertThat(cursor.next(10)).containsExactly(Row.of("x"));
    }

    @Test
    void returnsRowsOfKindInsert() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(
                changelog(Row.ofKind(RowKind.INSERT, "a"), Row.ofKind(RowKind.UPDATE_AFTER, "b")), NO_LIMIT, 0);

        assertThat(cursor.next(10)).extracting(Row::getKind).containsOnly(RowKind.INSERT);
    }

    @Test
    void foldsAtTheFirstFetchAndClosesTheChangelogOnceFolded() {
        MaterializedResultCursor cursor =
                new MaterializedResultCursor(changelog(Row.ofKind(RowKind.INSERT, "a")), NO_LIMIT, 0);
        assertThat(closes).as("not folded yet").hasValue(0);

        assertThat(cursor.next(10)).containsExactly(Row.of("a"));
        assertThat(closes).hasValue(1);
    }

    @Test
    void aCursorClosedBeforeItsFoldClosesTheChangelog() {
        MaterializedResultCursor cursor =
                new MaterializedResultCursor(changelog(Row.ofKind(RowKind.INSERT, "a")), NO_LIMIT, 0);

        cursor.close();

        assertThat(closes).as("its job cancelled").hasValue(1);
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void failsWhenTheResultGrowsPastTheLimit() {
        assertThatThrownBy(() -> new MaterializedResultCursor(
                                changelog(
                                        Row.ofKind(RowKind.INSERT, 1),
                                        Row.ofKind(RowKind.INSERT, 2),
                                        Row.ofKind(RowKind.INSERT, 3)),
                                2,
                                0)
                        .next(10))
                .isInstanceOf(ResultTooLargeException.class)
                .hasMessage("Streaming result with updates has more than 2 rows, the limit set by"
                        + " sluice.session.max-materialized-rows; read its changes as they arrive"
                        + " (SET 'sluice.query.result-mode' = 'CHANGELOG'), run the query in batch mode"
                        + " (SET 'execution.runtime-mode' = 'batch') or raise the limit");
        assertThat(closes).hasValue(1);
    }

    @Test
    void failsWhenTheResultGrowsPastItsBoundInBytes() {
        String wide = "x".repeat(4000);
        assertThatThrownBy(() -> new MaterializedResultCursor(
                                changelog(
                                        Row.ofKind(RowKind.INSERT, 1, wide),
                                        Row.ofKind(RowKind.INSERT, 2, wide),
                                        Row.ofKind(RowKind.INSERT, 3, wide)),
                                new MaterializedLimits(NO_LIMIT, 20_000),
                                0)
                        .next(10))
                .isInstanceOf(ResultTooLargeException.class)
                .hasMessageStartingWith("Streaming result with updates holds more than 20000 bytes in the gateway, the"
                        + " limit set by sluice.session.max-materialized-bytes");
        assertThat(closes).hasValue(1);
    }

    @Test
    void aRetractedRowGivesBackItsBytes() {
        String wide = "x".repeat(4000);
        MaterializedResultCursor cursor = new MaterializedResultCursor(
                changelog(
                        Row.ofKind(RowKind.INSERT, 1, wide),
                        Row.ofKind(RowKind.INSERT, 2, wide),
                        Row.ofKind(RowKind.DELETE, 1, wide),
                        Row.ofKind(RowKind.INSERT, 3, wide)),
                new MaterializedLimits(NO_LIMIT, 20_000),
                0);

        assertThat(cursor.next(10)).extracting(row -> row.getField(0)).containsExactlyInAnyOrder(2, 3);
    }

    @Test
    void limitCountsRowsStillInTheResult() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(
                changelog(
                        Row.ofKind(RowKind.INSERT, 1),
                        Row.ofKind(RowKind.INSERT, 2),
                        Row.ofKind(RowKind.UPDATE_BEFORE, 2),
                        Row.ofKind(RowKind.UPDATE_AFTER, 3)),
                2,
                0);

        assertThat(cursor.next(10)).containsExactlyInAnyOrder(Row.of(1), Row.of(3));
    }

    @Test
    void acceptsResultExactlyAtTheLimit() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(
                changelog(Row.ofKind(RowKind.INSERT, 1), Row.ofKind(RowKind.INSERT, 2)), 2, 0);

        assertThat(cursor.next(10)).hasSize(2);
    }

    @Test
    void returnsAtMostMaxRows() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(changelog(inserts(5)), NO_LIMIT, 2);

        assertThat(cursor.next(10)).hasSize(2);
        assertThat(cursor.isDone()).isTrue();
        assertThat(cursor.next(10)).isEmpty();
    }

    @Test
    void pagesTheFinalRows() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(changelog(inserts(5)), NO_LIMIT, 0);

        assertThat(cursor.isDone()).isFalse();
        assertThat(cursor.next(2)).containsExactly(Row.of(0), Row.of(1));
        assertThat(cursor.isDone()).isFalse();
        assertThat(cursor.next(2)).containsExactly(Row.of(2), Row.of(3));
        assertThat(cursor.isDone()).isFalse();
        assertThat(cursor.next(2)).containsExactly(Row.of(4));
        assertThat(cursor.isDone()).isTrue();
    }

    @Test
    void closeEndsTheResult() {
        MaterializedResultCursor cursor = new MaterializedResultCursor(changelog(inserts(3)), NO_LIMIT, 0);

        cursor.close();

        assertThat(cursor.isDone()).isTrue();
        assertThat(cursor.next(10)).isEmpty();
    }

    @Test
    void wrapsACheckedFailureOfClose() {
        CloseableIterator<Row> failingClose = CloseableIterator.adapterForIterator(
                List.of(Row.ofKind(RowKind.INSERT, 1)).iterator(), () -> {
                    throw new Exception("cancel failed");
                });

        assertThatThrownBy(() -> new MaterializedResultCursor(failingClose, NO_LIMIT, 0).next(10))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Closing a streaming result failed")
                .hasRootCauseMessage("cancel failed");
    }

    private CloseableIterator<Row> changelog(Row... rows) {
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
