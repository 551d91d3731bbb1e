package dev.sluice.planner.access;

import dev.sluice.planner.flink.ShowOperations;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import dev.sluice.planner.flink.TableEnvironmentInternals.ExecutedStatement;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.internal.TableResultImpl;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayList;
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
        ExecutedStatement executed = TableEnvironmentInternals.executeOperation(environment, operation);
        return ShowOperations.listedScope(operation, TableEnvironmentInternals.catalogManager(environment))
                .map(scope -> listedOnly(executed, scope, check))
                .orElse(executed);
    }

    /**
     * The names a {@code SHOW DATABASES}, {@code SHOW TABLES} or {@code SHOW VIEWS} listed, of those {@code check} lets
     * the session see.
     */
    private static ExecutedStatement listedOnly(
            ExecutedStatement executed, ShowOperations.Scope scope, AccessCheck check) {
        TableResult result = executed.result();
        List<Row> shown = new ArrayList<>();
        try (CloseableIterator<Row> rows = result.collect()) {
            rows.forEachRemaining(row -> {
                String name = String.valueOf(row.getField(0));
                boolean listed = scope.database() == null
                        ? check.mayListDatabase(scope.catalog(), name)
                        : check.mayList(ObjectIdentifier.of(scope.catalog(), scope.database(), name));
                if (listed) {
                    shown.add(row);
                }
            });
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read the listed names", e);
        }
        return new ExecutedStatement(
                TableResultImpl.builder()
                        .resultKind(ResultKind.SUCCESS_WITH_CONTENT)
                        .schema(result.getResolvedSchema())
                        .data(shown)
                        .build(),
                null);
    }

    /** Parses and validates the query {@code sql} as {@code sqlQuery} does, and checks what it reads. */
    public static Table sqlQuery(TableEnvironment environment, String sql, AccessCheck check) {
        requireNonNull(check, "check is null");
        Table table = environment.sqlQuery(sql);
        check.check(StatementAccesses.of(environment, table.getQueryOperation()));
        return table;
    }
}
