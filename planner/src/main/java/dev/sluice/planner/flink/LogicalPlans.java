package dev.sluice.planner.flink;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.ContextResolvedFunction;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.types.logical.LogicalType;
import org.jspecify.annotations.Nullable;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads Flink's logical plan (Calcite relational expressions) of a validated statement.
 *
 * <p>Flink's planner and its Calcite live in their own class loader (flink-table-planner-loader), so their types
 * cannot be named here and are reached by reflection. Expressions are found generically: every relational
 * expression lists its expressions when it explains itself to a {@code RelWriter}, which this class implements as
 * a proxy. That is the same walk Calcite's own plan printer does, so it sees every expression the plan holds.
 */
public final class LogicalPlans {
    private final ClassLoader loader;
    private final Class<?> relNode;
    private final Class<?> relWriter;
    private final Class<?> rexCall;
    private final Class<?> rexSubQuery;
    private final Class<?> rexDynamicParam;
    private final Class<?> rexFieldAccess;
    private final Class<?> aggregateCall;
    private final Class<?> bridgingFunction;
    private final Object allAttributes;
    private final Method toLogicalType;
    // looked up on Calcite's public types: an operator's own class may be anonymous, and so not callable
    private final Method isDeterministic;
    private final Method isDynamicFunction;
    private final Method operatorName;
    private final Method aggregation;
    private final Method table;

    private LogicalPlans(ClassLoader loader) throws ReflectiveOperationException {
        this.loader = loader;
        this.relNode = type("org.apache.calcite.rel.RelNode");
        this.relWriter = type("org.apache.calcite.rel.RelWriter");
        this.rexCall = type("org.apache.calcite.rex.RexCall");
        this.rexSubQuery = type("org.apache.calcite.rex.RexSubQuery");
        this.rexDynamicParam = type("org.apache.calcite.rex.RexDynamicParam");
        this.rexFieldAccess = type("org.apache.calcite.rex.RexFieldAccess");
        this.aggregateCall = type("org.apache.calcite.rel.core.AggregateCall");
        this.bridgingFunction = type("org.apache.flink.table.planner.functions.bridging.BridgingSqlFunction");
        this.allAttributes = enumConstant(type("org.apache.calcite.sql.SqlExplainLevel"), "ALL_ATTRIBUTES");
        this.toLogicalType = type("org.apache.flink.table.planner.calcite.FlinkTypeFactory")
                .getMethod("toLogicalType", type("org.apache.calcite.rel.type.RelDataType"));
        Class<?> sqlOperator = type("org.apache.calcite.sql.SqlOperator");
        this.isDeterministic = sqlOperator.getMethod("isDeterministic");
        this.isDynamicFunction = sqlOperator.getMethod("isDynamicFunction");
        this.operatorName = sqlOperator.getMethod("getName");
        this.aggregation = aggregateCall.getMethod("getAggregation");
        this.table = relNode.getMethod("getTable");
    }

    /** Told about every relational expression and every expression of a plan by {@link #walk}. */
    public interface Visitor {
        default void relation(Object rel) {}

        /** A Calcite {@code RexNode}, or an {@code AggregateCall} of an aggregation. */
        default void expression(Object expression) {}
    }

    /** The reflective view of the planner behind {@code environment}. */
    public static LogicalPlans of(TableEnvironment environment) {
        ClassLoader plannerLoader = TableEnvironmentInternals.plannerClassLoader(environment);
        try {
            return new LogicalPlans(plannerLoader);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "Flink's planner lacks the Calcite classes Sluice reads; is this Flink 2.3?", e);
        }
    }

    /** The root relational expression of a query that Flink's parser produced. */
    public Object root(QueryOperation query) {
        return invoke(query, "getCalciteTree");
    }

    /**
     * The types Flink's validator inferred for the {@code ?} markers, by marker index; a marker the plan does not
     * hold (none should be missing) is absent from the map.
     */
    public Map<Integer, LogicalType> parameterTypes(Object root) {
        Map<Integer, LogicalType> types = new HashMap<>();
        walk(root, new Visitor() {
            @Override
            public void expression(Object expression) {
                if (rexDynamicParam.isInstance(expression)) {
                    types.put((Integer) invoke(expression, "getIndex"), logicalType(expression));
                }
            }
        });
        return types;
    }

    /**
     * Visits the plan under {@code root}: each relational expression, then its expressions (operands and the plans of
     * sub-queries included), then its inputs.
     */
    public void walk(Object root, Visitor visitor) {
        visitor.relation(root);
        for (Object expression : expressions(root)) {
            walkExpression(expression, visitor);
        }
        for (Object input : inputs(root)) {
            walk(input, visitor);
        }
    }

    /** The expressions a relational expression holds, as it reports them when explaining itself. */
    public List<Object> expressions(Object rel) {
        List<Object> items = new ArrayList<>();
        Object writer = Proxy.newProxyInstance(loader, new Class<?>[] {relWriter}, (proxy, method, args) -> {
            switch (method.getName()) {
                case "getDetailLevel":
                    return allAttributes;
                case "nest":
                    return false;
                case "item":
                    items.add(args[1]);
                    return proxy;
                case "itemIf":
                    if ((Boolean) args[2]) {
                        items.add(args[1]);
                    }
                    return proxy;
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                case "toString":
                    return "Sluice expression collector";
                default:
                    // input, done, explain: inputs are walked through getInputs
                    return method.getReturnType() == relWriter ? proxy : null;
            }
        });
        invoke(rel, "explain", new Class<?>[] {relWriter}, writer);
        return items;
    }

    public List<?> inputs(Object rel) {
        return (List<?>) invoke(rel, "getInputs");
    }

    public boolean isCall(Object expression) {
        return rexCall.isInstance(expression);
    }

    public List<?> operands(Object call) {
        return (List<?>) invoke(call, "getOperands");
    }

    /** The operator's name of a call ({@code CAST}, {@code CURRENT_TIMESTAMP}, {@code -}, ...). */
    public String operatorName(Object call) {
        return name(invoke(call, "getOperator"));
    }

    /**
     * The Calcite operator of a call ({@code SqlOperator}), or the aggregate function of an {@code AggregateCall};
     * null for other expressions.
     */
    public @Nullable Object operator(Object expression) {
        if (rexCall.isInstance(expression)) {
            return invoke(expression, "getOperator");
        }
        if (aggregateCall.isInstance(expression)) {
            return call(aggregation, expression);
        }
        return null;
    }

    /** The name of an operator that {@link #operator} returned. */
    public String name(Object operator) {
        return String.valueOf(call(operatorName, operator));
    }

    /** Whether an operator gives the same result for the same arguments whenever it runs. */
    public boolean isDeterministic(Object operator) {
        return (Boolean) call(isDeterministic, operator);
    }

    /** Whether an operator's value depends on when the statement runs, as {@code CURRENT_TIMESTAMP}'s does. */
    public boolean isDynamicFunction(Object operator) {
        return (Boolean) call(isDynamicFunction, operator);
    }

    /**
     * How Flink resolved a function it calls through its bridging operator (built-in, temporary or from a catalog);
     * empty for Calcite's own operators.
     */
    public Optional<ContextResolvedFunction> resolvedFunction(Object operator) {
        if (!bridgingFunction.isInstance(operator)) {
            return Optional.empty();
        }
        return Optional.of((ContextResolvedFunction) invoke(operator, "getResolvedFunction"));
    }

    /**
     * The table a relational expression reads, if it is a table scan: empty for other expressions; a table that is
     * not one of Flink's catalog table sources is an {@link IllegalStateException}.
     */
    public Optional<ContextResolvedTable> scannedTable(Object rel) {
        Object relOptTable = call(table, rel);
        if (relOptTable == null) {
            return Optional.empty();
        }
        try {
            return Optional.of((ContextResolvedTable)
                    relOptTable.getClass().getMethod("contextResolvedTable").invoke(relOptTable));
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(
                    "The plan reads a " + relOptTable.getClass().getSimpleName() + ", not a catalog table source", e);
        }
    }

    /** The Flink type of a Calcite expression. */
    public LogicalType logicalType(Object expression) {
        Object relDataType = invoke(expression, "getType");
        try {
            return (LogicalType) toLogicalType.invoke(null, relDataType);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Cannot convert Calcite type " + relDataType + " to a Flink type", e);
        }
    }

    public String simpleClassName(Object value) {
        return value.getClass().getSimpleName();
    }

    public Object invoke(Object target, String method) {
        return invoke(target, method, new Class<?>[0]);
    }

    public Object invoke(Object target, String method, Class<?>[] parameterTypes, Object... arguments) {
        try {
            return target.getClass().getMethod(method, parameterTypes).invoke(target, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(
                    "Calling " + method + " on " + target.getClass().getName() + " failed", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "Flink's planner has no " + method + " on "
                            + target.getClass().getName(),
                    e);
        }
    }

    private void walkExpression(Object expression, Visitor visitor) {
        if (expression instanceof Collection<?> expressions) {
            for (Object each : expressions) {
                walkExpression(each, visitor);
            }
        } else if (relNode.isInstance(expression)) {
            walk(expression, visitor);
        } else {
            visitor.expression(expression);
            if (rexSubQuery.isInstance(expression)) {
                try {
                    walk(rexSubQuery.getField("rel").get(expression), visitor);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("Cannot read the plan of a sub-query", e);
                }
            }
            if (rexCall.isInstance(expression)) {
                walkExpression(operands(expression), visitor);
            } else if (rexFieldAccess.isInstance(expression)) {
                walkExpression(invoke(expression, "getReferenceExpr"), visitor);
            }
        }
    }

    private @Nullable Object call(Method method, Object target) {
        try {
            return method.invoke(target);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException("Calling " + method.getName() + " on " + target + " failed", e);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Cannot call " + method.getName() + " on " + target, e);
        }
    }

    private Class<?> type(String name) throws ClassNotFoundException {
        return Class.forName(name, true, loader);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }
}
