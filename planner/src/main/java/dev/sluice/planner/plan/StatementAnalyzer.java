package dev.sluice.planner.plan;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.planner.ParameterizedSql;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.StatementPlanner;
import dev.sluice.planner.flink.LogicalPlans;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.types.logical.LogicalType;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Analyses a statement for {@code prepare}: Flink's own parser and validator (the session's, so its catalogs,
 * dialect and options apply) parse it with its {@code ?} markers, infer each marker's type from its context
 * ({@code a = ?}, {@code c + ?}, {@code CAST(? AS INT)}, {@code IN (?, ?)}, {@code LIMIT ?}) and derive the result
 * columns. Nothing is optimised, compiled or submitted.
 *
 * <p>Why not Calcite 1.x in Sluice's own class path: Flink's planner carries its own fork of Calcite with Flink's
 * grammar (for example {@code WITH (...)} options, hints, window table functions); a second, different Calcite
 * would judge Flink SQL differently from the planner that later runs it.
 *
 * <p>Where the validator rejects a marker that nothing types ({@code SELECT ?}, {@code VALUES (?)}), the markers
 * of {@code INSERT ... VALUES} take their target columns' types ({@link InsertTargetTypes}); others stay untyped
 * and the result columns unknown until execution. Syntax and other validation errors are thrown, so a bad
 * statement fails at prepare with its line and column.
 */
public final class StatementAnalyzer {
    private static final String UNTYPED_MARKER = "Illegal use of dynamic parameter";

    private StatementAnalyzer() {}

    /** Analyses {@code sql}; must run on the session's planning thread state ({@code withTableEnvironment}). */
    public static StatementAnalysis analyze(TableEnvironment environment, String sql) {
        return analyze(environment, StatementPlanner.analyze(sql));
    }

    /**
     * Analyses a statement that {@link StatementPlanner} lexed and classified; must run on the session's planning
     * thread state ({@code withTableEnvironment}).
     */
    public static StatementAnalysis analyze(TableEnvironment environment, PlannedStatement statement) {
        String sql = statement.sql();
        ParameterizedSql template = statement.parameters();
        StatementKind kind = statement.kind();
        // DDL, SET and friends are not parsed ahead: Flink (or Sluice, for SET) judges them when they run
        if (kind != StatementKind.QUERY && kind != StatementKind.DML && kind != StatementKind.OTHER) {
            return StatementAnalysis.untyped(template, kind);
        }
        Operation operation;
        try {
            operation = TableEnvironmentInternals.parse(environment, sql);
        } catch (ValidationException e) {
            if (template.parameterCount() > 0 && mentionsUntypedMarker(e)) {
                return InsertTargetTypes.find(environment, statement.tokens())
                        .filter(types -> types.size() == template.parameterCount())
                        .map(types -> new StatementAnalysis(template, kind, new ArrayList<>(types), null))
                        .orElseGet(() -> StatementAnalysis.untyped(template, kind));
            }
            throw e;
        }
        QueryOperation query = query(operation);
        ResolvedSchema columns = operation instanceof QueryOperation rows ? rows.getResolvedSchema() : null;
        if (query == null || template.parameterCount() == 0) {
            return new StatementAnalysis(template, kind, untypedList(template.parameterCount()), columns);
        }
        LogicalPlans plans = LogicalPlans.of(environment);
        Map<Integer, LogicalType> inferred = plans.parameterTypes(plans.root(query));
        List<@Nullable LogicalType> types = new ArrayList<>();
        for (int i = 0; i < template.parameterCount(); i++) {
            types.add(inferred.get(i));
        }
        return new StatementAnalysis(template, kind, types, columns);
    }

    private static @Nullable QueryOperation query(Operation operation) {
        if (operation instanceof QueryOperation query) {
            return query;
        }
        if (operation instanceof ModifyOperation modify) {
            return modify.getChild();
        }
        return null;
    }

    private static List<@Nullable LogicalType> untypedList(int count) {
        List<@Nullable LogicalType> types = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            types.add(null);
        }
        return types;
    }

    private static boolean mentionsUntypedMarker(Throwable failure) {
        return ExceptionChain.of(failure).stream()
                .anyMatch(cause -> String.valueOf(cause.getMessage()).contains(UNTYPED_MARKER));
    }
}
