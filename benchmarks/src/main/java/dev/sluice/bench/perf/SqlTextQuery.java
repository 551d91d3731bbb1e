package dev.sluice.bench.perf;

import java.sql.ResultSet;
import java.sql.Statement;

import static java.util.Objects.requireNonNull;

/** One SQL text, the same every time: a reference query or the text given on the command line. */
public record SqlTextQuery(String label, String sql) implements PerfQuery {
    public SqlTextQuery {
        requireNonNull(label, "label is null");
        requireNonNull(sql, "sql is null");
    }

    @Override
    public QueryRunner runner(int worker) {
        return connection -> {
            try (Statement statement = connection.createStatement()) {
                // a statement without rows (the blackhole INSERT of the bulk rows) counts as one that read none
                if (!statement.execute(sql)) {
                    return RowsRead.NONE;
                }
                try (ResultSet result = statement.getResultSet()) {
                    return RowsRead.readAll(result);
                }
            }
        };
    }

    @Override
    public boolean isExecution(String kind, String statement) {
        return sql.equals(statement);
    }
}
