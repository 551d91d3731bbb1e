package dev.sluice.planner.flink;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.ExplainFormat;
import org.apache.flink.table.api.PlanReference;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TablePipeline;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.internal.CachedPlan;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.Operation;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * What Sluice needs of a TableEnvironment that Flink offers only on its internal implementation classes
 * ({@code org.apache.flink.table.api.internal}): the catalog manager, the parser, the planner's class loader, and
 * running a query so that its plan can run again.
 *
 * <p>Every TableEnvironment Flink creates is a {@link TableEnvironmentImpl}; a Flink that changes that breaks here,
 * in one place.
 */
public final class TableEnvironmentInternals {
    private TableEnvironmentInternals() {}

    /** The result of a statement that Flink executed, and the plan it kept to run the query again, if any. */
    public record ExecutedStatement(
            TableResult result, @Nullable CachedPlan plan) {
        public ExecutedStatement {
            requireNonNull(result, "result is null");
        }
    }

    /** The catalog manager behind {@code environment}: catalogs, databases, tables and views, with temporary ones. */
    public static CatalogManager catalogManager(TableEnvironment environment) {
        return impl(environment).getCatalogManager();
    }

    /**
     * The operation of the first statement of {@code sql}, from Flink's parser and validator (the session's, so its
     * catalogs, dialect and options apply). Nothing is optimised, compiled or submitted.
     */
    public static Operation parse(TableEnvironment environment, String sql) {
        return impl(environment).getParser().parse(sql).get(0);
    }

    /** A table name as written in SQL ({@code db.t}, {@code `c`.`d`.`t`}), qualified by the current catalog and database. */
    public static ObjectIdentifier qualifiedTableName(TableEnvironment environment, String tableName) {
        TableEnvironmentImpl impl = impl(environment);
        return impl.getCatalogManager().qualifyIdentifier(impl.getParser().parseIdentifier(tableName));
    }

    /** The class loader of the planner, where Flink's planner classes and its Calcite live. */
    public static ClassLoader plannerClassLoader(TableEnvironment environment) {
        return impl(environment).getPlanner().getClass().getClassLoader();
    }

    /** The operations of every statement of {@code sql}, from Flink's parser and validator; nothing runs. */
    public static List<Operation> parseAll(TableEnvironment environment, String sql) {
        return impl(environment).getParser().parse(sql);
    }

    /**
     * Executes an operation {@link #parseAll} returned, as {@code executeSql} does after parsing, and returns the plan
     * Flink kept for running it again.
     */
    public static ExecutedStatement executeOperation(TableEnvironment environment, Operation operation) {
        TableResultInternal result = internal(environment).executeInternal(operation);
        return new ExecutedStatement(result, result.getCachedPlan());
    }

    /** Executes {@code sql} as {@code executeSql} does, and returns the plan Flink kept for running it again. */
    public static ExecutedStatement executeSql(TableEnvironment environment, String sql) {
        TableResultInternal result = (TableResultInternal) internal(environment).executeSql(sql);
        return new ExecutedStatement(result, result.getCachedPlan());
    }

    /** Runs a plan that {@link #executeSql} returned again, as a new job; only on the environment that compiled it. */
    public static TableResult executeCachedPlan(TableEnvironment environment, CachedPlan plan) {
        return internal(environment).executeCachedPlanInternal(plan);
    }

    /** The modify operation behind {@code pipeline} (an {@code insertInto}), which Flink keeps package-private. */
    public static ModifyOperation modifyOperation(TablePipeline pipeline) {
        try {
            return (ModifyOperation) Reflected.GET_OPERATION.invoke(pipeline);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("This Flink's TablePipeline has no operation to translate", e);
        }
    }

    /** Flink's transformations of {@code operation}: parsed, optimised and translated, not yet a job. */
    /**
     * Flink's explanation of {@code operation} as {@code EXPLAIN} gives it, with the changelog mode of every node of
     * the optimized plan: planning and optimisation, no translation and no job.
     */
    public static String explainChangelogModes(TableEnvironment environment, Operation operation) {
        return impl(environment)
                .getPlanner()
                .explain(List.of(operation), ExplainFormat.TEXT, ExplainDetail.CHANGELOG_MODE);
    }

    public static List<Transformation<?>> translate(TableEnvironment environment, ModifyOperation operation) {
        return impl(environment).getPlanner().translate(List.of(operation));
    }

    /**
     * Flink's compiled plan of {@code operation}, as JSON: planning and optimisation, without translation. Flink's
     * {@code COMPILE PLAN}, for a statement already parsed.
     *
     * @throws org.apache.flink.table.api.TableException if a part of the plan cannot be compiled
     */
    public static String compilePlan(TableEnvironment environment, ModifyOperation operation) {
        return impl(environment).getPlanner().compilePlan(List.of(operation)).asJsonString();
    }

    /**
     * Translates a compiled plan (JSON) into Flink's transformations on {@code environment}: what {@code EXECUTE PLAN}
     * does before it submits a job.
     */
    public static List<Transformation<?>> translatePlan(TableEnvironment environment, String planJson) {
        Planner planner = impl(environment).getPlanner();
        List<Transformation<?>> transformations;
        try {
            transformations = planner.translatePlan(planner.loadPlan(PlanReference.fromJsonString(planJson)));
        } catch (IOException e) {
            throw new UncheckedIOException("Flink could not read a compiled plan", e);
        }
        // Flink gives the operators of a restored plan uids made of the plan's node ids, so two queries of one plan in
        // one shared job would collide ("Hash collision on user-specified ID"); a batch job restores no state, so its
        // operators need none. (Not by turning uid generation off in the session's options: plan keys compare them.)
        for (Transformation<?> sink : transformations) {
            sink.setUid(null);
            sink.getTransitivePredecessors().forEach(transformation -> transformation.setUid(null));
        }
        return transformations;
    }

    /**
     * Runs translated transformations as a new job, as Flink's own {@code executeInternal} does after translating a
     * statement (the session's jars and options, its executor, a default job name from {@code sinkNames}); returns
     * once the job is submitted.
     */
    public static TableResult executeTransformations(
            TableEnvironment environment, List<Transformation<?>> transformations, List<String> sinkNames) {
        try {
            return (TableResult)
                    Reflected.EXECUTE_TRANSFORMATIONS.invoke(impl(environment), transformations, sinkNames);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("This Flink's TableEnvironment cannot run translated transformations", e);
        }
    }

    /**
     * The two package-private and private methods of Flink's that running a pushed query's kept plan needs, looked
     * up once (every pushed query calls one): loaded on first use, so that a Flink without them fails the first
     * pushed query with the reason rather than the gateway's start.
     */
    private static final class Reflected {
        static final Method GET_OPERATION =
                accessible("org.apache.flink.table.api.internal.TablePipelineImpl", "getOperation");
        static final Method EXECUTE_TRANSFORMATIONS =
                accessible(TableEnvironmentImpl.class.getName(), "executeInternal", List.class, List.class);

        private static Method accessible(String className, String name, Class<?>... parameters) {
            try {
                Method method = Class.forName(className, false, TableEnvironmentImpl.class.getClassLoader())
                        .getDeclaredMethod(name, parameters);
                method.setAccessible(true);
                return method;
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("This Flink has no " + className + "." + name, e);
            }
        }
    }

    private static TableEnvironmentImpl impl(TableEnvironment environment) {
        return (TableEnvironmentImpl) requireNonNull(environment, "environment is null");
    }

    private static TableEnvironmentInternal internal(TableEnvironment environment) {
        return (TableEnvironmentInternal) requireNonNull(environment, "environment is null");
    }
}
