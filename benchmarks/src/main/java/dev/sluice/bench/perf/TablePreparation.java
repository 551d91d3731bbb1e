package dev.sluice.bench.perf;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

/**
 * Runs a workload's prepare statements (the tables made once, before measuring) on one connection of a system, in
 * order, and says how long they took.
 */
public final class TablePreparation {
    private static final int SHOWN_SQL_CHARACTERS = 120;

    private TablePreparation() {}

    /** @throws SQLException naming the statement that failed */
    public static Duration run(String url, Properties properties, List<String> statements) throws SQLException {
        long start = System.nanoTime();
        try (Connection connection = DriverManager.getConnection(url, properties);
                Statement statement = connection.createStatement()) {
            for (int i = 0; i < statements.size(); i++) {
                String sql = statements.get(i);
                try {
                    if (statement.execute(sql)) {
                        // an INSERT answers with its job's id or a count: read it, so that nothing is left open
                        try (ResultSet result = statement.getResultSet()) {
                            RowsRead.readAll(result);
                        }
                    }
                } catch (SQLException e) {
                    throw new SQLException(
                            "prepare statement " + (i + 1) + " failed (" + shorten(sql) + "): " + e.getMessage(),
                            e.getSQLState(),
                            e);
                }
            }
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static String shorten(String sql) {
        return sql.length() <= SHOWN_SQL_CHARACTERS ? sql : sql.substring(0, SHOWN_SQL_CHARACTERS) + "...";
    }
}
