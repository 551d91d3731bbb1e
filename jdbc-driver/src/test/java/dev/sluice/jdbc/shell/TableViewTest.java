package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The table view without a terminal: the changes folded, and the final table handed on as a result set. */
final class TableViewTest {
    private final List<String> notes = new ArrayList<>();
    private final TableView view = new TableView(null, () -> 80, () -> 24, Duration.ofMillis(250), notes::add);

    @Test
    void foldsTheChangesIntoTheFinalTableWithoutTheOpColumn() throws SQLException {
        ResultSet changes = rows(
                List.of("op", "letter", "total"),
                List.of("+I", "a", "1"),
                List.of("+I", "b", "2"),
                List.of("-U", "a", "1"),
                List.of("+U", "a", "5"));

        ResultSet table = view.fold(changes, 1_000, () -> false);

        assertThat(table.getMetaData().getColumnCount()).isEqualTo(2);
        assertThat(table.getMetaData().getColumnLabel(1)).isEqualTo("letter");
        assertThat(contents(table)).containsExactly(List.of("a", "5"), List.of("b", "2"));
        assertThat(changes.isClosed()).as("the changes, closed").isTrue();
        assertThat(notes).isEmpty();
    }

    @Test
    void takesAResultWithoutAnOpColumnForInserts() throws SQLException {
        ResultSet table = view.fold(rows(List.of("n"), List.of("1"), List.of("2")), 1_000, () -> false);

        assertThat(contents(table)).containsExactly(List.of("1"), List.of("2"));
    }

    @Test
    void saysSoWhenTheBoundIsHit() throws SQLException {
        ResultSet changes = rows(List.of("op", "n"), List.of("+I", "1"), List.of("+I", "2"), List.of("+I", "3"));

        ResultSet table = view.fold(changes, 2, () -> false);

        assertThat(contents(table)).containsExactly(List.of("1"), List.of("2"));
        assertThat(notes)
                .containsExactly("The table view holds at most 2 rows: 1 inserts past that bound were left out"
                        + " (!view table ROWS raises it)");
    }

    @Test
    void endsWithTheTableAsItWasWhenTheUserCancelled() throws SQLException {
        ResultSet changes = failingAfter(2, rows(List.of("op", "n"), List.of("+I", "1"), List.of("+I", "2")));

        ResultSet table = view.fold(changes, 1_000, () -> true);

        assertThat(contents(table)).containsExactly(List.of("1"), List.of("2"));
        assertThat(notes).containsExactly("Cancelled: the table as it was when the query was cancelled");
    }

    @Test
    void passesOnAFailureThatNoCancelMade() {
        ResultSet changes = failingAfter(1, rows(List.of("op", "n"), List.of("+I", "1")));

        assertThatThrownBy(() -> view.fold(changes, 1_000, () -> false))
                .isInstanceOf(SQLException.class)
                .hasMessage("the job failed");
    }

    /** A result whose first list is its labels and whose every value is its own text. */
    @SafeVarargs
    private static ResultSet rows(List<String> labels, List<String>... rows) {
        List<TableRow> tableRows = Arrays.stream(rows)
                .map(row -> new TableRow(new ArrayList<>(row), new ArrayList<>(row)))
                .toList();
        return ListResultSet.of(columns(labels), tableRows);
    }

    private static ResultSetMetaData columns(List<String> labels) {
        return (ResultSetMetaData) Proxy.newProxyInstance(
                TableViewTest.class.getClassLoader(),
                new Class<?>[] {ResultSetMetaData.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getColumnCount" -> labels.size();
                    case "getColumnLabel" -> labels.get((Integer) args[0] - 1);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** {@code rows}, whose fetch after the first {@code rowsBefore} rows fails as a cancelled or failed job's does. */
    private static ResultSet failingAfter(int rowsBefore, ResultSet rows) {
        int[] fetched = {0};
        return (ResultSet) Proxy.newProxyInstance(
                TableViewTest.class.getClassLoader(), new Class<?>[] {ResultSet.class}, (proxy, method, args) -> {
                    if (method.getName().equals("next") && fetched[0]++ == rowsBefore) {
                        throw new SQLException("the job failed", "HY008");
                    }
                    try {
                        return method.invoke(rows, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static List<List<@Nullable String>> contents(ResultSet table) throws SQLException {
        List<List<@Nullable String>> contents = new ArrayList<>();
        int columns = table.getMetaData().getColumnCount();
        while (table.next()) {
            List<@Nullable String> row = new ArrayList<>();
            for (int column = 1; column <= columns; column++) {
                row.add(table.getString(column));
            }
            contents.add(row);
        }
        return contents;
    }
}
