package dev.sluice.planner.cache;

import dev.sluice.planner.catalog.ObservedCatalog;
import dev.sluice.planner.flink.LogicalPlans;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ContextResolvedFunction;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.functions.FunctionIdentifier;
import org.apache.flink.table.operations.QueryOperation;
import org.jspecify.annotations.Nullable;

import java.util.Optional;

/**
 * Whether the plan of a query may run again for a later execution of the same statement in the same session, with
 * the same options and no DDL in between.
 *
 * <p>A cached plan is the query's compiled operators, so it is reused only where running them again means what
 * planning again would mean. It is not reused when the logical plan (views and computed columns expanded, so this
 * sees what the statement's text does not show) holds:
 *
 * <ul>
 *   <li>a function whose value depends on when or how often it runs: a dynamic function ({@code CURRENT_TIMESTAMP},
 *       {@code NOW}, {@code LOCALTIMESTAMP}, {@code CURRENT_DATE}, {@code CURRENT_TIME}, {@code LOCALTIME}; in batch
 *       mode Flink evaluates them once, at planning, from {@code table.query-start.epoch-time}, so a reused plan
 *       would answer the old time) or any function Flink does not call deterministic ({@code RAND}, {@code UUID},
 *       {@code UNIX_TIMESTAMP}, {@code PROCTIME}, {@code CURRENT_ROW_TIMESTAMP}, {@code CURRENT_WATERMARK},
 *       {@code CURRENT_DATABASE}, user functions that say so). Some of these are evaluated per row at run time and
 *       would be safe; telling which is not worth a wrong answer;
 *   <li>a table or function from a catalog that others can change without this session's state version moving, and
 *       whose lookups the gateway does not observe (a catalog the session created: Hive, JDBC, ...). A table of a
 *       catalog declared in the gateway's configuration ({@link ObservedCatalog}) is allowed: the plan cache stores
 *       what its planning looked up and checks it before each reuse ({@link PlanDependencies}); a function of such a
 *       catalog is not, since function lookups are not observed;
 *   <li>a partitioned table: Flink lists its partitions at planning, so a reused plan would miss later ones;
 *   <li>a scan of something that is not a catalog table source, which this rule cannot judge.
 * </ul>
 *
 * Temporary tables, views and functions, and those of in-memory catalogs, change only through this session's DDL, so
 * a plan that reads one is the session's own ({@link Verdict#sessionLocal()}); any other reusable plan may serve every
 * session that resolves its names the same way. A source that reads its data when the job starts (datagen, files,
 * Paimon, Kafka, JDBC) reads current data on every run.
 */
public final class ReusablePlans {
    private ReusablePlans() {}

    /**
     * Whether the plan of a query may be reused, and by whom.
     *
     * @param reasonNotToReuse why it must not be, or null if it may
     * @param sessionLocal whether it reads a temporary object or one of an in-memory catalog, which only its session
     *     has
     * @param readsObserved whether it reads a table of an observed catalog, whose lookups must have been recorded
     */
    public record Verdict(@Nullable String reasonNotToReuse, boolean sessionLocal, boolean readsObserved) {
        /** Whether the plan may be reused. */
        public boolean reusable() {
            return reasonNotToReuse == null;
        }
    }

    /**
     * Why the plan of {@code query} must not be reused, or empty if it may be. Must run on the session's planning
     * thread state.
     */
    public static Optional<String> findReasonNotToReuse(TableEnvironment environment, QueryOperation query) {
        return Optional.ofNullable(judge(environment, query).reasonNotToReuse());
    }

    /** Whether, and by whom, the plan of {@code query} may be reused. Must run on the session's planning thread state. */
    public static Verdict judge(TableEnvironment environment, QueryOperation query) {
        LogicalPlans plans = LogicalPlans.of(environment);
        Object root;
        try {
            root = plans.root(query);
        } catch (IllegalStateException e) {
            return new Verdict(
                    "its plan is a " + query.getClass().getSimpleName() + ", not a Calcite tree", true, false);
        }
        CatalogManager catalogs = TableEnvironmentInternals.catalogManager(environment);
        Finder finder = new Finder(plans, catalogs);
        plans.walk(root, finder);
        return new Verdict(finder.reason, finder.sessionLocal, finder.readsObserved);
    }

    /** Stops at the first reason, which is enough to say no. */
    private static final class Finder implements LogicalPlans.Visitor {
        private final LogicalPlans plans;
        private final CatalogManager catalogs;
        private @Nullable String reason;
        private boolean sessionLocal;
        private boolean readsObserved;

        private Finder(LogicalPlans plans, CatalogManager catalogs) {
            this.plans = plans;
            this.catalogs = catalogs;
        }

        @Override
        public void relation(Object rel) {
            if (reason == null) {
                try {
                    reason = plans.scannedTable(rel).map(this::reasonNotToReuse).orElse(null);
                } catch (IllegalStateException e) {
                    reason = e.getMessage();
                }
            }
        }

        @Override
        public void expression(Object expression) {
            Object operator = plans.operator(expression);
            if (reason == null && operator != null) {
                reason = reasonNotToReuse(operator);
            }
        }

        private @Nullable String reasonNotToReuse(ContextResolvedTable table) {
            if (table.isTemporary()
                    || table.getCatalog().map(ReusablePlans::isSessionOwned).orElse(false)) {
                sessionLocal = true;
            } else if (table.getCatalog().map(ObservedCatalog.class::isInstance).orElse(false)) {
                readsObserved = true;
            } else {
                return "it reads " + table.getIdentifier().asSummaryString()
                        + ", which is in a catalog whose changes the gateway does not observe";
            }
            if (table.getResolvedTable() instanceof ResolvedCatalogTable catalogTable && catalogTable.isPartitioned()) {
                return "it reads the partitioned table " + table.getIdentifier().asSummaryString()
                        + ", whose partitions are listed at planning";
            }
            return null;
        }

        private @Nullable String reasonNotToReuse(Object operator) {
            if (plans.isDynamicFunction(operator)) {
                return "it calls " + plans.name(operator) + ", whose value is fixed when the query is planned";
            }
            if (!plans.isDeterministic(operator)) {
                return "it calls " + plans.name(operator) + ", which is not deterministic";
            }
            Optional<ContextResolvedFunction> function = plans.resolvedFunction(operator);
            if (function.map(ContextResolvedFunction::isTemporary).orElse(false)) {
                sessionLocal = true;
            }
            Optional<ObjectIdentifier> catalogFunction = function.filter(ContextResolvedFunction::isPermanent)
                    .flatMap(ContextResolvedFunction::getIdentifier)
                    .flatMap(FunctionIdentifier::getIdentifier);
            if (catalogFunction.isPresent()
                    && !catalogs.getCatalog(catalogFunction.get().getCatalogName())
                            .map(ReusablePlans::isSessionOwned)
                            .orElse(false)) {
                return "it calls " + catalogFunction.get().asSummaryString()
                        + ", which is not in an in-memory catalog and may change outside this session";
            }
            if (catalogFunction.isPresent()) {
                sessionLocal = true;
            }
            return null;
        }
    }

    /**
     * Flink's in-memory catalog holds what this session created in it and nothing else; a subclass may keep its
     * objects elsewhere, so only the class itself counts.
     */
    private static boolean isSessionOwned(Catalog catalog) {
        return catalog.getClass() == GenericInMemoryCatalog.class;
    }
}
