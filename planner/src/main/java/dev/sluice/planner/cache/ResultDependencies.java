package dev.sluice.planner.cache;

import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.DataAccess;
import dev.sluice.planner.flink.LogicalPlans;
import dev.sluice.planner.flink.PlanningAnswers;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import dev.sluice.planner.push.CompiledPushQuery;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ContextResolvedFunction;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.functions.FunctionIdentifier;
import org.apache.flink.table.operations.QueryOperation;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static java.util.Objects.requireNonNull;

/**
 * What the rows of a pushed query depend on, for a cache of its result rather than of its plan: the objects its
 * planning looked up in declared catalogs with their definitions (checked again before each reuse, as a cached plan's
 * are), the tables it reads with the options its job reads them with, and what in it would make two runs answer
 * differently although no table changed: a function of the time or of chance.
 *
 * <p>The versions of the tables' data are not here: they are the gateway's to read, from the systems that hold them.
 */
public final class ResultDependencies {
    private final @Nullable KeptDependencies kept;
    private final @Nullable String refusal;
    private final @Nullable String timeDependence;

    private ResultDependencies(
            @Nullable KeptDependencies kept, @Nullable String refusal, @Nullable String timeDependence) {
        this.kept = kept;
        this.refusal = refusal;
        this.timeDependence = timeDependence;
    }

    /**
     * The dependencies of a plan the plan cache kept: such a plan calls no function of time or chance and reads only
     * what the cache can check ({@link ReusablePlans}).
     */
    static ResultDependencies ofReusablePlan(KeptDependencies kept) {
        return new ResultDependencies(requireNonNull(kept, "kept is null"), null, null);
    }

    /**
     * The dependencies of {@code compiled}, just planned under {@code planning}. Walks the query's logical plan, so it
     * must run on the planning thread state of the query's TableEnvironment.
     */
    public static ResultDependencies of(QueryPlanning planning, CompiledPushQuery compiled) {
        requireNonNull(compiled, "compiled is null");
        return of(
                planning,
                compiled.environment(),
                compiled.query(),
                compiled.bind(UnaryOperator.identity()).transformations());
    }

    /**
     * The dependencies of {@code query}, just planned on {@code environment} under {@code planning} and translated into
     * {@code transformations}, on its planning thread state.
     */
    public static ResultDependencies of(
            QueryPlanning planning,
            TableEnvironment environment,
            QueryOperation query,
            List<Transformation<?>> transformations) {
        requireNonNull(planning, "planning is null");
        KeptDependencies kept = KeptDependencies.of(planning);
        if (kept == null) {
            return new ResultDependencies(
                    null, "its planning read " + planning.lookups().unversioned() + ", whose version is unknown", null);
        }
        Optional<String> answeringSource = PlanningAnswers.find(transformations);
        if (answeringSource.isPresent()) {
            // the answer is of the data as it was at planning, before the versions are read
            return new ResultDependencies(
                    kept, "a source answered it while it was planned: " + answeringSource.get(), null);
        }
        Finder finder;
        try {
            finder = new Finder(environment);
            finder.walk(query);
        } catch (RuntimeException e) {
            return new ResultDependencies(kept, "its plan could not be judged: " + e.getMessage(), null);
        }
        return new ResultDependencies(kept, finder.refusal, finder.timeDependence);
    }

    /** The tables the query reads, with the options its job reads them with (hints included). */
    public List<DataAccess.TableUse> tablesRead() {
        if (kept == null) {
            return List.of();
        }
        return kept.accesses().stream()
                .filter(DataAccess.TableUse.class::isInstance)
                .map(DataAccess.TableUse.class::cast)
                .filter(use -> use.mode() == DataAccess.Mode.READ)
                .toList();
    }

    /**
     * Why no result of the query may be reused whatever the tables' versions: planning read something whose version
     * nobody can tell, or the query calls a function that may change outside the session; empty if none.
     */
    public Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    /**
     * The function of the time or of chance the query calls ({@code CURRENT_DATE}, {@code RAND()}, ...), whose answer
     * is only reusable for a while; empty if none.
     */
    public Optional<String> timeDependence() {
        return Optional.ofNullable(timeDependence);
    }

    /**
     * Whether a result made with these dependencies may be served on {@code environment} now as far as definitions go:
     * no object its planning looked up changed, appeared, went or is hidden by a temporary one. Then puts what the
     * query touches to {@code check}, which throws to refuse. False if it cannot be told.
     */
    public boolean isCurrent(TableEnvironment environment, AccessCheck check, PlanScope scope) {
        return kept != null && refusal == null && kept.isCurrent(environment, check, scope);
    }

    /** Finds the first reason not to reuse a result at all, and the first function of time or chance. */
    private static final class Finder implements LogicalPlans.Visitor {
        private final LogicalPlans plans;
        private final CatalogManager catalogs;
        private @Nullable String refusal;
        private @Nullable String timeDependence;

        private Finder(TableEnvironment environment) {
            this.plans = LogicalPlans.of(environment);
            this.catalogs = TableEnvironmentInternals.catalogManager(environment);
        }

        void walk(QueryOperation query) {
            plans.walk(plans.root(query), this);
        }

        @Override
        public void relation(Object rel) {
            if (refusal == null) {
                try {
                    plans.scannedTable(rel);
                } catch (IllegalStateException e) {
                    refusal = e.getMessage();
                }
            }
        }

        @Override
        public void expression(Object expression) {
            Object operator = plans.operator(expression);
            if (operator == null) {
                return;
            }
            if (timeDependence == null && plans.isDynamicFunction(operator)) {
                timeDependence = plans.name(operator) + ", whose value depends on when the query runs";
            } else if (timeDependence == null && !plans.isDeterministic(operator)) {
                timeDependence = plans.name(operator) + ", which is not deterministic";
            }
            if (refusal == null) {
                Optional<ObjectIdentifier> catalogFunction = plans.resolvedFunction(operator)
                        .filter(ContextResolvedFunction::isPermanent)
                        .flatMap(ContextResolvedFunction::getIdentifier)
                        .flatMap(FunctionIdentifier::getIdentifier);
                if (catalogFunction.isPresent() && !isSessionOwned(catalogFunction.get())) {
                    refusal = "it calls " + catalogFunction.get().asSummaryString()
                            + ", which may change outside this session";
                }
            }
        }

        private boolean isSessionOwned(ObjectIdentifier function) {
            return catalogs.getCatalog(function.getCatalogName())
                    .map(catalog -> catalog.getClass() == GenericInMemoryCatalog.class)
                    .orElse(false);
        }
    }
}
