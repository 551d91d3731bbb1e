package dev.sluice.planner.access;

import dev.sluice.planner.flink.TableEnvironmentInternals;
import dev.sluice.planner.flink.TableEnvironmentInternals.ExecutedStatement;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.operations.Operation;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Runs a session's statements as Flink's {@code executeSql} and {@code sqlQuery} do, with one step between parsing and
 * running: what the statement would touch is put to the session's {@link AccessCheck}, which may refuse it before
 * anything is created, read, written or connected to.
 */
public final class CheckedStatements {
    private CheckedStatements() {}

    /** Parses {@code sql}, checks what it touches, and executes it as {@code executeSql} does. */
    public static ExecutedStatement executeSql(TableEnvironment environment, String sql, AccessCheck check) {
        requireNonNull(check, "check is null");
        List<Operation> operations = TableEnvironmentInternals.parseAll(environment, sql);
        if (operations.size() != 1) {
            // Flink refuses this with its own message, before running anything
            return TableEnvironmentInternals.executeSql(environment, sql);
        }
        Operation operation = operations.get(0);
        check.check(StatementAccesses.of(environment, operation));
        return TableEnvironmentInternals.executeOperation(environment, operation);
    }

    /** Parses and validates the query {@code sql} as {@code sqlQuery} does, and checks what it reads. */
    public static Table sqlQuery(TableEnvironment environment, String sql, AccessCheck check) {
        requireNonNull(check, "check is null");
        Table table = environment.sqlQuery(sql);
        check.check(StatementAccesses.of(environment, table.getQueryOperation()));
        return table;
    }
}
