package dev.sluice.gateway.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The reference workload of DESIGN.md: three one-row datagen tables and the source, wordcount and join queries. */
public final class ReferenceWorkload {
    public static final List<String> DDL = List.of(
            "create temporary table table1 (val1 STRING) WITH ('connector'='datagen','number-of-rows'='1')",
            "create temporary table table2 (val2 STRING) WITH ('connector'='datagen','number-of-rows'='1')",
            "create temporary table table3 (val3 STRING) WITH ('connector'='datagen','number-of-rows'='1')");
    public static final String SOURCE = "select val1 from table1";
    public static final String WORDCOUNT = "select val1, count(*) from table1 group by val1";
    public static final String JOIN = "select val1, count(*) from table1 left join table2 on val1=val2"
            + " left join table3 on val2=val3 group by val1";

    private ReferenceWorkload() {}

    /**
     * Runs the DDL and the three queries on {@code connection} and checks their rows: datagen makes one random
     * 100-character string per table, so each query returns one row with that string (and a count of 1).
     */
    public static void runAndVerify(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String ddl : DDL) {
                assertThat(statement.executeUpdate(ddl)).isZero();
            }
            List<List<Object>> source = rows(statement.executeQuery(SOURCE));
            assertThat(source).hasSize(1);
            assertThat((String) source.get(0).get(0)).hasSize(100);

            List<List<Object>> wordcount = rows(statement.executeQuery(WORDCOUNT));
            assertThat(wordcount).hasSize(1);
            assertThat((String) wordcount.get(0).get(0)).hasSize(100);
            assertThat(wordcount.get(0).get(1)).isEqualTo(1L);

            List<List<Object>> join = rows(statement.executeQuery(JOIN));
            assertThat(join).hasSize(1);
            assertThat((String) join.get(0).get(0)).hasSize(100);
            assertThat(join.get(0).get(1)).isEqualTo(1L);
        }
    }

    /** Reads and closes {@code result}. */
    public static List<List<Object>> rows(ResultSet result) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (result) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<Object> row = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) {
                    row.add(result.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
