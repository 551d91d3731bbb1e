package dev.sluice.jdbc.shell;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.sluice.jdbc.shell.ChangeKind.DELETE;
import static dev.sluice.jdbc.shell.ChangeKind.INSERT;
import static dev.sluice.jdbc.shell.ChangeKind.UPDATE_AFTER;
import static dev.sluice.jdbc.shell.ChangeKind.UPDATE_BEFORE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class MaterializedTableTest {
    private final MaterializedTable<String> table = new MaterializedTable<>(3);

    @Test
    void foldsAnAggregatesChangelogIntoItsFinalRows() {
        table.apply(INSERT, "a=1");
        table.apply(INSERT, "b=2");
        table.apply(UPDATE_BEFORE, "a=1");
        table.apply(UPDATE_AFTER, "a=5");
        table.apply(INSERT, "c=3");
        table.apply(DELETE, "b=2");

        assertThat(table.rows()).containsExactly("a=5", "c=3");
        assertThat(table.changes()).isEqualTo(6);
        assertThat(table.boundHit()).isFalse();
    }

    @Test
    void putsAnUpdatedRowWhereItsOldRowStood() {
        table.apply(INSERT, "a=1");
        table.apply(INSERT, "b=2");
        table.apply(INSERT, "c=3");
        table.apply(UPDATE_BEFORE, "b=2");
        table.apply(UPDATE_AFTER, "b=7");

        assertThat(table.rows()).containsExactly("a=1", "b=7", "c=3");
    }

    @Test
    void appendsAnUpdateWhoseOldRowWasNotThere() {
        table.apply(INSERT, "a=1");
        table.apply(UPDATE_BEFORE, "z=9");
        table.apply(UPDATE_AFTER, "z=10");

        assertThat(table.rows()).containsExactly("a=1", "z=10");
    }

    @Test
    void ignoresARetractionOfARowThatIsNotThere() {
        table.apply(INSERT, "a=1");
        table.apply(DELETE, "b=2");
        table.apply(UPDATE_BEFORE, "c=3");

        assertThat(table.rows()).containsExactly("a=1");
        assertThat(table.changes()).isEqualTo(3);
    }

    @Test
    void keepsDuplicateRowsAndRetractsOneAtATime() {
        table.apply(INSERT, "a=1");
        table.apply(INSERT, "a=1");
        table.apply(DELETE, "a=1");

        assertThat(table.rows()).containsExactly("a=1");
    }

    @Test
    void leavesOutInsertsPastTheBoundAndSaysSo() {
        table.apply(INSERT, "a");
        table.apply(INSERT, "b");
        table.apply(INSERT, "c");
        table.apply(INSERT, "d");
        table.apply(UPDATE_AFTER, "e");

        assertThat(table.rows()).containsExactly("a", "b", "c");
        assertThat(table.boundHit()).isTrue();
        assertThat(table.leftOut()).isEqualTo(2);
    }

    @Test
    void anUpdateOfARowWithinTheBoundStillFitsAtTheBound() {
        table.apply(INSERT, "a=1");
        table.apply(INSERT, "b=1");
        table.apply(INSERT, "c=1");
        table.apply(UPDATE_BEFORE, "c=1");
        table.apply(UPDATE_AFTER, "c=2");

        assertThat(table.rows()).containsExactly("a=1", "b=1", "c=2");
        assertThat(table.boundHit()).isFalse();
    }

    @Test
    void aRetractionMakesRoomForARowAtTheBound() {
        table.apply(INSERT, "a");
        table.apply(INSERT, "b");
        table.apply(INSERT, "c");
        table.apply(INSERT, "d");
        table.apply(DELETE, "a");
        table.apply(DELETE, "d");
        table.apply(INSERT, "e");

        assertThat(table.rows()).containsExactly("b", "c", "e");
        assertThat(table.leftOut()).isEqualTo(1);
    }

    @Test
    void rejectsABoundBelowOneRow() {
        assertThatThrownBy(() -> new MaterializedTable<String>(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxRows must be at least 1, was 0");
    }

    @Test
    void readsEachOpOfTheGatewaysChangeColumn() {
        assertThat(List.of("+I", "-U", "+U", "-D").stream().map(ChangeKind::fromOp))
                .containsExactly(INSERT, UPDATE_BEFORE, UPDATE_AFTER, DELETE);
        assertThatThrownBy(() -> ChangeKind.fromOp("+X"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("op must be one of +I, -U, +U, -D, was '+X'");
    }
}
