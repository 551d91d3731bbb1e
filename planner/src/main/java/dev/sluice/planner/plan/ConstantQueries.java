package dev.sluice.planner.plan;

import dev.sluice.planner.SqlLexer;
import dev.sluice.planner.StatementPlanner;
import dev.sluice.planner.StatementRoute;
import dev.sluice.planner.flink.LogicalPlans;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds queries that read no table and whose values are literals or the current time ({@code SELECT 1},
 * {@code SELECT CURRENT_TIMESTAMP}, {@code VALUES (1, 'a'), (2, 'b')}), so the gateway answers them without a job:
 * BI tools send such a query to check each connection.
 *
 * <p>A statement is a candidate only if it has no {@code FROM} token, so a query over tables never pays for the
 * extra parse. Flink's parser and validator then build the logical plan, and only a {@code Values} node, or a
 * projection of literals and time functions over a one-row {@code Values}, is answered here; anything else (a
 * function call, arithmetic Flink did not fold) goes to the cluster as before.
 */
public final class ConstantQueries {
    private static final Map<String, ConstantPlan.TimeFunction> TIME_FUNCTIONS = Map.of(
            "CURRENT_TIMESTAMP", ConstantPlan.TimeFunction.INSTANT,
            "NOW", ConstantPlan.TimeFunction.INSTANT,
            "CURRENT_ROW_TIMESTAMP", ConstantPlan.TimeFunction.INSTANT,
            "LOCALTIMESTAMP", ConstantPlan.TimeFunction.LOCAL_TIMESTAMP,
            "CURRENT_DATE", ConstantPlan.TimeFunction.LOCAL_DATE,
            "CURRENT_TIME", ConstantPlan.TimeFunction.LOCAL_TIME,
            "LOCALTIME", ConstantPlan.TimeFunction.LOCAL_TIME);

    private ConstantQueries() {}

    /**
     * Whether {@code sql} could be constant: a SELECT or VALUES that names no table. A statement that
     * {@link StatementPlanner} analysed says so in its route ({@link StatementRoute#CONSTANT_CANDIDATE}).
     */
    public static boolean isCandidate(String sql) {
        return StatementPlanner.isConstantCandidate(SqlLexer.tokenize(sql));
    }

    /**
     * The constant plan of {@code sql}, or empty if it needs a job. Must run on the session's planning thread state.
     *
     * @throws org.apache.flink.table.api.SqlParserException or ValidationException for an invalid statement, as
     *     executing it would
     */
    public static Optional<ConstantPlan> plan(TableEnvironment environment, String sql) {
        Operation operation = TableEnvironmentInternals.parse(environment, sql);
        if (!(operation instanceof QueryOperation query)) {
            return Optional.empty();
        }
        LogicalPlans plans = LogicalPlans.of(environment);
        ResolvedSchema schema = query.getResolvedSchema();
        List<LogicalType> types = schema.getColumns().stream()
                .map(column -> column.getDataType().getLogicalType())
                .toList();
        List<List<@Nullable Object>> rows = rows(plans, plans.root(query), types);
        return rows == null ? Optional.empty() : Optional.of(new ConstantPlan(schema, rows));
    }

    private static @Nullable List<List<@Nullable Object>> rows(
            LogicalPlans plans, Object rel, List<LogicalType> types) {
        String node = plans.simpleClassName(rel);
        if (node.equals("LogicalValues")) {
            List<List<@Nullable Object>> rows = new ArrayList<>();
            for (Object tuple : (List<?>) plans.invoke(rel, "getTuples")) {
                List<@Nullable Object> row = row(plans, (List<?>) tuple, types);
                if (row == null) {
                    return null;
                }
                rows.add(row);
            }
            return rows;
        }
        if (node.equals("LogicalProject")) {
            List<?> inputs = plans.inputs(rel);
            Object input = inputs.get(0);
            if (!plans.simpleClassName(input).equals("LogicalValues")
                    || ((List<?>) plans.invoke(input, "getTuples")).size() != 1) {
                return null;
            }
            List<@Nullable Object> row = row(plans, (List<?>) plans.invoke(rel, "getProjects"), types);
            return row == null ? null : List.of(row);
        }
        return null;
    }

    private static @Nullable List<@Nullable Object> row(
            LogicalPlans plans, List<?> expressions, List<LogicalType> types) {
        if (expressions.size() != types.size()) {
            return null;
        }
        List<@Nullable Object> row = new ArrayList<>();
        for (int i = 0; i < expressions.size(); i++) {
            Object expression = expressions.get(i);
            Object value;
            if (plans.simpleClassName(expression).equals("RexLiteral")) {
                value = literal(plans, expression, types.get(i));
            } else if (plans.isCall(expression) && plans.operands(expression).isEmpty()) {
                value = TIME_FUNCTIONS.get(plans.operatorName(expression));
            } else {
                value = null;
            }
            if (value == Unsupported.VALUE || (value == null && !isNullLiteral(plans, expression))) {
                return null;
            }
            row.add(value);
        }
        return row;
    }

    private static boolean isNullLiteral(LogicalPlans plans, Object expression) {
        return plans.simpleClassName(expression).equals("RexLiteral") && (Boolean) plans.invoke(expression, "isNull");
    }

    /** The value of a Calcite literal as the Java class Flink's rows use for {@code type}. */
    private static @Nullable Object literal(LogicalPlans plans, Object literal, LogicalType type) {
        if ((Boolean) plans.invoke(literal, "isNull")) {
            return null;
        }
        return switch (type.getTypeRoot()) {
            case BOOLEAN -> valueAs(plans, literal, Boolean.class);
            case TINYINT -> valueAs(plans, literal, BigDecimal.class).byteValueExact();
            case SMALLINT -> valueAs(plans, literal, BigDecimal.class).shortValueExact();
            case INTEGER -> valueAs(plans, literal, BigDecimal.class).intValueExact();
            case BIGINT -> valueAs(plans, literal, BigDecimal.class).longValueExact();
            case DECIMAL -> valueAs(plans, literal, BigDecimal.class).setScale(((DecimalType) type).getScale());
            case DOUBLE -> valueAs(plans, literal, Double.class);
            case FLOAT -> valueAs(plans, literal, Double.class).floatValue();
            case CHAR, VARCHAR -> valueAs(plans, literal, String.class);
            case BINARY, VARBINARY -> valueAs(plans, literal, byte[].class);
            case DATE -> LocalDate.ofEpochDay(valueAs(plans, literal, Integer.class));
            case TIME_WITHOUT_TIME_ZONE ->
                LogicalTypeChecks.getPrecision(type) > 3
                        ? Unsupported.VALUE
                        : LocalTime.ofNanoOfDay(valueAs(plans, literal, Integer.class) * 1_000_000L);
            case TIMESTAMP_WITHOUT_TIME_ZONE ->
                LogicalTypeChecks.getPrecision(type) > 3
                        ? Unsupported.VALUE
                        : LocalDateTime.ofEpochSecond(
                                Math.floorDiv(valueAs(plans, literal, Long.class), 1000L),
                                (int) Math.floorMod(valueAs(plans, literal, Long.class), 1000L) * 1_000_000,
                                ZoneOffset.UTC);
            default -> Unsupported.VALUE;
        };
    }

    private static <T> T valueAs(LogicalPlans plans, Object literal, Class<T> type) {
        return type.cast(plans.invoke(literal, "getValueAs", new Class<?>[] {Class.class}, type));
    }

    /** Marks a literal this class does not convert, so the query goes to the cluster. */
    private enum Unsupported {
        VALUE
    }
}
