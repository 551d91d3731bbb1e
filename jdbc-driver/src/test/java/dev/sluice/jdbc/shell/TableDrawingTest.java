package dev.sluice.jdbc.shell;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class TableDrawingTest {
    private static final List<String> LABELS = List.of("letter", "total");

    @Test
    void drawsTheRowsInAFrameWithAStatusLine() {
        List<String> lines = TableDrawing.lines(
                LABELS, List.of(row("a", "5"), row("b", null)), new TableDrawing.Status(4, 0, 1_000), 80, 24);

        assertThat(lines)
                .containsExactly(
                        "+--------+-------+",
                        "| letter | total |",
                        "+--------+-------+",
                        "| a      | 5     |",
                        "| b      | null  |",
                        "+--------+-------+",
                        "2 rows, 4 changes - Ctrl-C cancels");
    }

    @Test
    void drawsOnlyTheRowsThatFitTheTerminalAndNoLineAsWideAsIt() {
        List<TableRow> rows = List.of(row("a", "1"), row("b", "2"), row("c", "3"), row("d", "4"));

        List<String> lines = TableDrawing.lines(LABELS, rows, new TableDrawing.Status(7, 3, 4), 30, 8);

        assertThat(lines)
                .hasSize(7)
                .allSatisfy(line -> assertThat(line.length()).isLessThan(30));
        assertThat(lines.get(3)).isEqualTo("| a      | 1     |");
        assertThat(lines.get(5)).isEqualTo("+--------+-------+");
        assertThat(lines.get(6)).isEqualTo("4 rows, 7 changes (2 not on t");
    }

    @Test
    void saysWhenTheBoundWasHit() {
        List<String> lines =
                TableDrawing.lines(LABELS, List.of(row("a", "1")), new TableDrawing.Status(9, 8, 1), 200, 24);

        assertThat(lines.get(lines.size() - 1))
                .isEqualTo("1 row, 9 changes; bound of 1 rows hit, 8 left out - Ctrl-C cancels");
    }

    private static TableRow row(String... texts) {
        return new TableRow(Arrays.asList((Object[]) texts), Arrays.asList(texts));
    }
}
