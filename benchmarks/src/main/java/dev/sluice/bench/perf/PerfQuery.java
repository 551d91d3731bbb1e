package dev.sluice.bench.perf;

/**
 * What a perf run executes over and over on each worker's connection: one SQL text, a query kind of a workload whose
 * parameters vary, or a metadata call.
 */
public interface PerfQuery {
    /** The name in reports. */
    String label();

    /**
     * The runner of worker {@code worker}, made once per worker thread and kept across its reconnects, so that its
     * sequence of parameter values goes on where it was.
     */
    QueryRunner runner(int worker);

    /**
     * Whether a row of a Sluice gateway's {@code SHOW QUERY HISTORY} (its {@code kind} and {@code statement} columns)
     * is an execution of this query, on a connection that ran only its setup and this query.
     */
    boolean isExecution(String kind, String statement);

    /** Whether its executions are statements in the history at all; a metadata call is not. */
    default boolean tracedInHistory() {
        return true;
    }

    /** {@code sql} by name {@code label}; {@link PerfRun#GET_TABLES} is the metadata call. */
    static PerfQuery of(String label, String sql) {
        return sql.equals(PerfRun.GET_TABLES) ? new TablesQuery(label) : new SqlTextQuery(label, sql);
    }
}
