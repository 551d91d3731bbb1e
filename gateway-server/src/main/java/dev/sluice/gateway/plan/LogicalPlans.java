package dev.sluice.gateway.plan;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.types.logical.LogicalType;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Flink's logical plan (Calcite relational expressions) of a validated statement.
 *
 * <p>Flink's planner and its Calcite live in their own class loader (flink-table-planner-loader), so their types
 * cannot be named here and are reached by reflection. Expressions are found generically: every relational
 * expression lists its expressions when it explains itself to a {@code RelWriter}, which this class implements as
 * a proxy. That is the same walk Calcite's own plan printer does, so it sees every expression the plan holds.
 */
final class LogicalPlans {
    private final ClassLoader loader;
    private final Class<?> relNode;
    private final Class<?> relWriter;
    private final Class<?> rexCall;
    private final Class<?> rexSubQuery;
    private final Class<?> rexDynamicParam;
    private final Class<?> rexFieldAccess;
    private final Object allAttributes;
    private final Method toLogicalType;

    private LogicalPlans(ClassLoader loader) throws ReflectiveOperationException {
        this.loader = loader;
        this.relNode = type("org.apache.calcite.rel.RelNode");
        this.relWriter = type("org.apache.calcite.rel.RelWriter");
        this.rexCall = type("org.apache.calcite.rex.RexCall");
        this.rexSubQuery = type("org.apache.calcite.rex.RexSubQuery");
        this.rexDynamicParam = type("org.apache.calcite.rex.RexDynamicParam");
        this.rexFieldAccess = type("org.apache.calcite.rex.RexFieldAccess");
        this.allAttributes = enumConstant(type("org.apache.calcite.sql.SqlExplainLevel"), "ALL_ATTRIBUTES");
        this.toLogicalType = type("org.apache.flink.table.planner.calcite.FlinkTypeFactory")
                .getMethod("toLogicalType", type("org.apache.calcite.rel.type.RelDataType"));
    }

    /** The reflective view of the planner behind {@code environment}. */
    static LogicalPlans of(TableEnvironment environment) {
        ClassLoader plannerLoader =
                ((TableEnvironmentImpl) environment).getPlanner().getClass().getClassLoader();
        try {
            return new LogicalPlans(plannerLoader);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "Flink's planner lacks the Calcite classes Sluice reads; is this Flink 2.3?", e);
        }
    }

    /** The root relational expression of a query that Flink's parser produced. */
    Object root(QueryOperation query) {
        return invoke(query, "getCalciteTree");
    }

    /**
     * The types Flink's validator inferred for the {@code ?} markers, by marker index; a marker the plan does not
     * hold (none should be missing) is absent from the map.
     */
    Map<Integer, LogicalType> parameterTypes(Object root) {
        Map<Integer, LogicalType> types = new HashMap<>();
        visitRel(root, types);
        return types;
    }

    /** The expressions a relational expression holds, as it reports them when explaining itself. */
    List<Object> expressions(Object rel) {
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

    List<?> inputs(Object rel) {
        return (List<?>) invoke(rel, "getInputs");
    }

    boolean isCall(Object expression) {
        return rexCall.isInstance(expression);
    }

    List<?> operands(Object call) {
        return (List<?>) invoke(call, "getOperands");
    }

    /** The operator's name of a call ({@code CAST}, {@code CURRENT_TIMESTAMP}, {@code -}, ...). */
    String operatorName(Object call) {
        return String.valueOf(invoke(invoke(call, "getOperator"), "getName"));
    }

    /** The Flink type of a Calcite expression. */
    LogicalType logicalType(Object expression) {
        Object relDataType = invoke(expression, "getType");
        try {
            return (LogicalType) toLogicalType.invoke(null, relDataType);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Cannot convert Calcite type " + relDataType + " to a Flink type", e);
        }
    }

    String simpleClassName(Object value) {
        return value.getClass().getSimpleName();
    }

    Object invoke(Object target, String method) {
        return invoke(target, method, new Class<?>[0]);
    }

    Object invoke(Object target, String method, Class<?>[] parameterTypes, Object... arguments) {
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

    private void visitRel(Object rel, Map<Integer, LogicalType> types) {
        for (Object expression : expressions(rel)) {
            visitExpression(expression, types);
        }
        for (Object input : inputs(rel)) {
            visitRel(input, types);
        }
    }

    private void visitExpression(Object expression, Map<Integer, LogicalType> types) {
        if (expression instanceof Collection<?> expressions) {
            for (Object each : expressions) {
                visitExpression(each, types);
            }
        } else if (rexDynamicParam.isInstance(expression)) {
            types.put((Integer) invoke(expression, "getIndex"), logicalType(expression));
        } else if (rexCall.isInstance(expression)) {
            if (rexSubQuery.isInstance(expression)) {
                try {
                    visitRel(rexSubQuery.getField("rel").get(expression), types);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("Cannot read the plan of a sub-query", e);
                }
            }
            visitExpression(operands(expression), types);
        } else if (rexFieldAccess.isInstance(expression)) {
            visitExpression(invoke(expression, "getReferenceExpr"), types);
        } else if (relNode.isInstance(expression)) {
            visitRel(expression, types);
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
