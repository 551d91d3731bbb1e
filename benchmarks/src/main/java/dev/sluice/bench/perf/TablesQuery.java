package dev.sluice.bench.perf;

import java.sql.ResultSet;

import static java.util.Objects.requireNonNull;

/** {@code DatabaseMetaData.getTables(null, null, "%", null)}: every table of every catalog, a metadata call. */
record TablesQuery(String label) implements PerfQuery {
    TablesQuery {
        requireNonNull(label, "label is null");
    }

    @Override
    public QueryRunner runner(int worker) {
        return connection -> {
            try (ResultSet tables = connection.getMetaData().getTables(null, null, "%", null)) {
                return RowsRead.readAll(tables);
            }
        };
    }

    @Override
    public boolean isExecution(String kind, String statement) {
        return false;
    }

    @Override
    public boolean tracedInHistory() {
        return false;
    }
}
