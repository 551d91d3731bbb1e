package dev.sluice.bench.perf;

import dev.sluice.bench.workload.ParameterValues;
import dev.sluice.bench.workload.SqlValue;
import dev.sluice.bench.workload.WorkloadQuery;
import org.jspecify.annotations.Nullable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A query kind of a workload run in one {@link QueryMode}: each worker draws its own parameter values from the seed
 * and its index, and sends them as literals or binds them to a statement it prepared once on its connection.
 *
 * <p>Its executions are found in {@code SHOW QUERY HISTORY} by their kind, {@code QUERY}, not by their text, which
 * changes with the values: in literal mode the client writes them in; a prepared statement is listed with the values
 * the gateway wrote in. A connection of a run runs its setup (no queries) and this kind only.
 */
public record WorkloadPerfQuery(WorkloadQuery query, QueryMode mode, long seed) implements PerfQuery {
    static final String QUERY_KIND = "QUERY";

    public WorkloadPerfQuery {
        requireNonNull(query, "query is null");
        requireNonNull(mode, "mode is null");
    }

    @Override
    public String label() {
        return query.name() + " (" + mode.label() + ")";
    }

    @Override
    public QueryRunner runner(int worker) {
        ParameterValues values = new ParameterValues(query, seed, worker);
        return switch (mode) {
            case LITERAL -> connection -> runLiteral(connection, values.next());
            case PREPARED -> new PreparedRunner(query.sql(), values);
        };
    }

    @Override
    public boolean isExecution(String kind, String statement) {
        return QUERY_KIND.equals(kind);
    }

    private RowsRead runLiteral(Connection connection, List<SqlValue> values) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query.literalSql(values))) {
            return RowsRead.readAll(result);
        }
    }

    /** Prepares the statement once per connection (again after a reconnect) and binds each execution's values. */
    private static final class PreparedRunner implements QueryRunner {
        private final String sql;
        private final ParameterValues values;
        private @Nullable Connection preparedOn;
        private @Nullable PreparedStatement prepared;

        PreparedRunner(String sql, ParameterValues values) {
            this.sql = sql;
            this.values = values;
        }

        @Override
        public RowsRead run(Connection connection) throws SQLException {
            PreparedStatement statement = prepared;
            if (statement == null || preparedOn != connection) {
                // the statement of a broken connection went with it
                statement = connection.prepareStatement(sql);
                prepared = statement;
                preparedOn = connection;
            }
            List<SqlValue> next = values.next();
            for (int i = 0; i < next.size(); i++) {
                next.get(i).bind(statement, i + 1);
            }
            try (ResultSet result = statement.executeQuery()) {
                return RowsRead.readAll(result);
            }
        }
    }
}
