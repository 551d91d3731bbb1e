package dev.sluice.planner.push;

import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.CheckedStatements;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableEnvironment;

import static java.util.Objects.requireNonNull;

/**
 * Plans a query whose rows go to the push sink, in two steps because the sink's ticket depends on the plan: {@link
 * #plan} resolves the query's columns (what the gateway needs to register the result: the row type and its
 * serializer), then {@link PushQueryPlan#compile} inserts the query into an inline {@code sluice-push} table with the
 * ticket in its options and translates it, and the result runs as a job, once or
 * again with other tickets ({@link CompiledPushQuery#submit}). This class only plans; it opens no socket.
 */
public final class PushQueryPlanner {
    private PushQueryPlanner() {}

    /**
     * Parses and validates {@code query} (a statement that returns rows, such as a SELECT) on {@code environment}, and
     * puts the tables it reads to {@code check}. Must run where the session's planning runs (its class loader and
     * thread state).
     *
     * @throws org.apache.flink.table.api.ValidationException if the query is invalid
     */
    public static PushQueryPlan plan(TableEnvironment environment, String query, AccessCheck check) {
        requireNonNull(environment, "environment is null");
        requireNonNull(query, "query is null");
        Table table = CheckedStatements.sqlQuery(environment, query, check);
        return new PushQueryPlan(environment, table);
    }
}
