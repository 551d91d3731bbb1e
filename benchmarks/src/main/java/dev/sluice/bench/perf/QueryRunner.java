package dev.sluice.bench.perf;

import java.sql.Connection;
import java.sql.SQLException;

/** Runs a query once on a connection and reads every row. One per worker thread: not thread-safe. */
@FunctionalInterface
public interface QueryRunner {
    RowsRead run(Connection connection) throws SQLException;
}
