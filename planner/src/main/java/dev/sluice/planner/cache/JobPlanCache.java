package dev.sluice.planner.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.CheckedStatements;
import dev.sluice.planner.flink.PlanningAnswers;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import dev.sluice.planner.parametric.StatementLiterals;
import dev.sluice.planner.push.CompiledPushQuery;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.internal.CachedPlan;
import org.apache.flink.table.operations.QueryOperation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static java.util.Objects.requireNonNull;

/**
 * The plans of queries that run a job, reused when the same statement runs again: a hit skips Flink's parsing,
 * validation, optimisation and translation, and only turns the cached operators into a new job.
 *
 * <p>The plan is Flink's own: the result of a collected query carries a {@link CachedPlan} (the query, its collect
 * sink and the translated transformations), which Flink's {@code executeCachedPlanInternal} runs again as a new job, as
 * Flink's SQL gateway does for its plan cache; a pushed query's plan is its translated transformations, which run again
 * with a new result's sink ({@link CompiledPushQuery}). So a hit goes through the same executor, submission and result
 * reading as a miss. What Sluice adds is when a plan may be reused, and by whom:
 *
 * <ul>
 *   <li>{@link ReusablePlans} judges the plan: no function whose value is fixed at planning, and only tables that its
 *       session owns or that sit in a catalog declared in the gateway's configuration, whose lookups the gateway
 *       observes ({@link dev.sluice.planner.catalog.ObservedCatalog});
 *   <li>what planning looked up in those catalogs is kept with the plan ({@link PlanDependencies}), and looked up again
 *       before each reuse: a table or view whose definition changed, through this gateway or outside it, is planned
 *       again;
 *   <li>what the statement touches is kept too, and put to the access check of every run, so that a plan never
 *       lets a session read what it could not have planned;
 *   <li>a pushed query that differs from one planned before only in its literals' values takes that plan with its
 *       values written in ({@link PlanTemplates}), so that new parameter values are translated, not planned;
 *   <li>a plan that reads only such catalog tables is shared by every session that created nothing of its own
 *       ({@link PlanScope#sharesPlans()}), with equal options and the same current catalog and database: a pool of
 *       connections, or a BI tool that opens one per chart, plans a statement once. A pushed query's plan runs through
 *       the taking session's TableEnvironment, as a shared job already runs several sessions' plans; a collected
 *       query's plan holds its result's iterator, so it stays with its session.
 * </ul>
 *
 * <p>One bounded cache serves every session, so that memory does not grow with the number of connections. Sessions
 * drop their own plans when their state changes or they close. Thread-safe; a session uses entries under its execution
 * lock.
 */
public final class JobPlanCache {
    private static final Logger LOG = LoggerFactory.getLogger(JobPlanCache.class);

    private final boolean enabled;
    // the catalogs declared in the gateway's configuration, each session's instance of which is observed
    private final List<String> observedCatalogs;
    private final Cache<JobPlanKey, Entry> plans;
    // pushed queries' plans: their own sink, not Flink's collect sink, so not Flink's CachedPlan
    private final Cache<JobPlanKey, PushedEntry> pushedPlans;
    // statements already judged not reusable: judging walks the whole plan by reflection, so it is done once per key
    private final Cache<JobPlanKey, Boolean> notReusable;
    private final PlanTemplates templates;

    /** A cache for a gateway that declares no shared catalogs. */
    public JobPlanCache(PlanCacheConfig config) {
        this(config, List.of());
    }

    /** @param observedCatalogs the names of the catalogs declared in the gateway's configuration */
    public JobPlanCache(PlanCacheConfig config, List<String> observedCatalogs) {
        requireNonNull(config, "config is null");
        this.enabled = config.enabled();
        this.observedCatalogs = List.copyOf(observedCatalogs);
        // maintenance on the calling thread: the cache is small, and no thread is left behind
        this.plans = Caffeine.newBuilder()
                .maximumSize(config.maxSize())
                .executor(Runnable::run)
                .build();
        this.pushedPlans = Caffeine.newBuilder()
                .maximumSize(config.maxSize())
                .executor(Runnable::run)
                .build();
        this.notReusable = Caffeine.newBuilder()
                .maximumSize(config.maxSize())
                .executor(Runnable::run)
                .build();
        this.templates = new PlanTemplates(config.enabled() && config.literalTemplates(), config.maxSize());
    }

    /** Whether the gateway lets queries reuse plans; a session may still turn it off for itself. */
    public boolean isEnabled() {
        return enabled;
    }

    /** The result of running a query through the cache, and whether its plan came from there. */
    public record Execution(TableResult result, PlanCacheResult cacheResult) {
        public Execution {
            requireNonNull(result, "result is null");
            requireNonNull(cacheResult, "cacheResult is null");
        }
    }

    /** Starts observing the planning of a query on {@code environment}, whose accesses go to {@code check}. */
    public QueryPlanning startPlanning(TableEnvironment environment, AccessCheck check) {
        return new QueryPlanning(
                PlanningLookups.start(environment, observedCatalogs), requireNonNull(check, "check"), environment);
    }

    /**
     * Runs {@code query} on {@code environment}, the TableEnvironment of the session in {@code scope}: from its cached
     * plan if there is one for the statement and the environment's current options and nothing it read changed, else
     * parsed, put to {@code check} and executed, keeping the plan if it may be reused. A cached plan's accesses are put
     * to {@code check} again. Must run on the session's planning thread state, under its execution lock.
     */
    public Execution execute(TableEnvironment environment, PlanScope scope, PlannedStatement query, AccessCheck check) {
        JobPlanKey before = JobPlanKey.own(environment, scope, query.normalForm());
        Entry cached = enabled ? plans.getIfPresent(before) : null;
        if (cached != null && cached.environment() == environment) {
            if (cached.dependencies().isCurrent(environment, check, scope)) {
                return new Execution(
                        TableEnvironmentInternals.executeCachedPlan(environment, cached.plan()), PlanCacheResult.HIT);
            }
            plans.invalidate(before);
        }
        TableEnvironmentInternals.ExecutedStatement executed;
        KeptDependencies dependencies;
        try (QueryPlanning planning = startPlanning(environment, check)) {
            executed = CheckedStatements.executeSql(environment, query.sql(), planning.check());
            dependencies = KeptDependencies.of(planning);
        }
        TableResult result = executed.result();
        CachedPlan plan = executed.plan();
        if (!enabled || plan == null || notReusable.getIfPresent(before) != null) {
            return new Execution(result, PlanCacheResult.SKIP);
        }
        // the options as planning left them: the batch planner writes settings it derives from the others
        // (adaptive batch execution) into the session's options the first time it runs, the same each time
        JobPlanKey after = JobPlanKey.own(environment, scope, query.normalForm());
        if (dependencies == null
                || !(plan.getOperation() instanceof QueryOperation operation)
                || answeredWhilePlanning(scope, PlanningAnswers.find(plan))
                || !judge(environment, scope, operation).reusable()) {
            notReusable.put(after, Boolean.TRUE);
            return new Execution(result, PlanCacheResult.SKIP);
        }
        plans.put(after, new Entry(environment, plan, dependencies));
        return new Execution(result, PlanCacheResult.MISS);
    }

    /**
     * The compiled pushed query kept for {@code query} that the session in {@code scope} may run now, on
     * {@code environment} with its current options: its own, or, for a session that shares plans, one any such session
     * made. Its accesses are put to {@code check} first, which refuses by throwing. Run it through {@code environment}
     * with a new ticket's sink.
     */
    public Optional<CachedPushPlan> findPushed(
            TableEnvironment environment, PlanScope scope, PlannedStatement query, AccessCheck check) {
        if (!enabled) {
            return Optional.empty();
        }
        JobPlanKey own = JobPlanKey.own(environment, scope, query.normalForm());
        PushedEntry entry = pushedPlans.getIfPresent(own);
        if (entry != null && entry.compiled().environment() == environment) {
            return current(own, entry, environment, check, scope);
        }
        if (!scope.sharesPlans()) {
            return Optional.empty();
        }
        JobPlanKey shared = JobPlanKey.shared(environment, query.normalForm());
        entry = pushedPlans.getIfPresent(shared);
        return entry == null ? Optional.empty() : current(shared, entry, environment, check, scope);
    }

    private Optional<CachedPushPlan> current(
            JobPlanKey key, PushedEntry entry, TableEnvironment environment, AccessCheck check, PlanScope scope) {
        if (entry.dependencies().isCurrent(environment, check, scope)) {
            return Optional.of(
                    new CachedPushPlan(entry.compiled(), ResultDependencies.ofReusablePlan(entry.dependencies())));
        }
        pushedPlans.invalidate(key);
        return Optional.empty();
    }

    /**
     * Keeps {@code compiled}, which just ran {@code query} for the first time after {@code planning}, if its plan may
     * be reused: for every session that shares plans if it reads only tables of observed catalogs and the session
     * shares plans, else for its session.
     *
     * @return {@link PlanCacheResult#MISS} if it was kept, {@link PlanCacheResult#SKIP} if not
     */
    public PlanCacheResult keepPushed(
            PlanScope scope, PlannedStatement query, CompiledPushQuery compiled, QueryPlanning planning) {
        TableEnvironment environment = compiled.environment();
        JobPlanKey own = JobPlanKey.own(environment, scope, query.normalForm());
        KeptDependencies dependencies = KeptDependencies.of(planning);
        if (!enabled || notReusable.getIfPresent(own) != null) {
            return PlanCacheResult.SKIP;
        }
        ReusablePlans.Verdict verdict = dependencies == null
                ? new ReusablePlans.Verdict(planning.lookups().unversioned(), true, false)
                : answeredWhilePlanning(
                                scope,
                                PlanningAnswers.find(
                                        compiled.bind(UnaryOperator.identity()).transformations()))
                        ? new ReusablePlans.Verdict("a source answered it while it was planned", true, false)
                        : judge(environment, scope, compiled.query());
        if (!verdict.reusable() || dependencies == null) {
            notReusable.put(own, Boolean.TRUE);
            return PlanCacheResult.SKIP;
        }
        PushedEntry entry = new PushedEntry(compiled, dependencies);
        StatementLiterals literals = StatementLiterals.of(query.sql(), query.tokens());
        if (!scope.sharesPlans() || verdict.sessionLocal()) {
            pushedPlans.put(own, entry);
            templates.keep(
                    literals,
                    List.of(JobPlanKey.own(environment, scope, literals.template())),
                    compiled,
                    dependencies,
                    planning.check());
            return PlanCacheResult.MISS;
        }
        // Planning and the first submission write settings into the session's options that they derive from the
        // others (batch execution's object reuse and buffer timeout, adaptive join strategies), so a session that has
        // run a query and one that has not differ in options that mean nothing to the plan: the plan is kept under the
        // key of each.
        JobPlanKey after = JobPlanKey.shared(environment, query.normalForm());
        JobPlanKey before = planning.sharedKeyBefore(query.normalForm(), after);
        pushedPlans.put(after, entry);
        if (!before.equals(after)) {
            pushedPlans.put(before, entry);
        }
        JobPlanKey templateAfter = JobPlanKey.shared(environment, literals.template());
        templates.keep(
                literals,
                new LinkedHashSet<>(
                        List.of(templateAfter, planning.sharedKeyBefore(literals.template(), templateAfter))),
                compiled,
                dependencies,
                planning.check());
        return PlanCacheResult.MISS;
    }

    /**
     * The compiled pushed query of {@code query} from a template of a plan of the same statement with other literal
     * values ({@link PlanTemplates}) that the session in {@code scope} may take now: its own, or one that sessions
     * which share plans share. Translated on {@code environment}; its accesses are put to {@code check} first, which
     * refuses by throwing. Run it as a cached plan, with a new ticket's sink.
     */
    public Optional<CachedPushPlan> findTemplated(
            TableEnvironment environment, PlanScope scope, PlannedStatement query, AccessCheck check) {
        if (!enabled) {
            return Optional.empty();
        }
        StatementLiterals literals = StatementLiterals.of(query.sql(), query.tokens());
        if (literals.isEmpty()) {
            return Optional.empty();
        }
        Optional<CachedPushPlan> own = restore(
                environment,
                scope,
                literals,
                JobPlanKey.own(environment, scope, literals.template()),
                JobPlanKey.own(environment, scope, query.normalForm()),
                check);
        if (own.isPresent() || !scope.sharesPlans()) {
            return own;
        }
        return restore(
                environment,
                scope,
                literals,
                JobPlanKey.shared(environment, literals.template()),
                JobPlanKey.shared(environment, query.normalForm()),
                check);
    }

    /**
     * The query restored from the template under {@code templateKey}, also kept as the plan of its own statement under
     * {@code planKey}: values that come again (a dashboard's few regions, a lookup's frequent ids) then take it as a
     * plan-cache hit, without translating the template's plan once more.
     */
    private Optional<CachedPushPlan> restore(
            TableEnvironment environment,
            PlanScope scope,
            StatementLiterals literals,
            JobPlanKey templateKey,
            JobPlanKey planKey,
            AccessCheck check) {
        return templates.find(environment, scope, literals, templateKey, check).map(restored -> {
            pushedPlans.put(planKey, new PushedEntry(restored.compiled(), restored.dependencies()));
            return new CachedPushPlan(restored.compiled(), ResultDependencies.ofReusablePlan(restored.dependencies()));
        });
    }

    /** Drops the plans of session {@code sessionId}, whose state changed or which closed; shared plans stay. */
    public void invalidateSession(String sessionId) {
        plans.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
        pushedPlans.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
        notReusable.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
        templates.invalidateSession(sessionId);
    }

    /** The plan cached under {@code key}, if {@code environment} compiled it. */
    Optional<CachedPlan> find(JobPlanKey key, TableEnvironment environment) {
        Entry entry = enabled ? plans.getIfPresent(key) : null;
        return entry != null && entry.environment() == environment ? Optional.of(entry.plan()) : Optional.empty();
    }

    /** Keeps {@code plan} under {@code key}, compiled by {@code environment}, which read nothing observed. */
    void put(JobPlanKey key, TableEnvironment environment, CachedPlan plan) {
        if (enabled) {
            plans.put(key, new Entry(environment, plan, KeptDependencies.NONE));
        }
    }

    /** Plans held now. */
    long size() {
        plans.cleanUp();
        pushedPlans.cleanUp();
        return plans.estimatedSize() + pushedPlans.estimatedSize() + templates.size();
    }

    /**
     * Whether a source answered the query while it was planned ({@link PlanningAnswers}): its plan holds an answer for
     * the data as it was then, so it must not run again.
     */
    private static boolean answeredWhilePlanning(PlanScope scope, Optional<String> answeringSource) {
        answeringSource.ifPresent(source -> LOG.debug(
                "Session {}: the plan of a query is not cached: a source answered it while planning: {}",
                scope.sessionId(),
                source));
        return answeringSource.isPresent();
    }

    private static ReusablePlans.Verdict judge(TableEnvironment environment, PlanScope scope, QueryOperation query) {
        ReusablePlans.Verdict verdict;
        try {
            verdict = ReusablePlans.judge(environment, query);
        } catch (RuntimeException e) {
            // the query has run already; a plan that cannot be judged is only not cached
            LOG.warn(
                    "Session {}: cannot tell whether a query's plan may be reused, so it is not", scope.sessionId(), e);
            return new ReusablePlans.Verdict("it could not be judged", true, false);
        }
        if (!verdict.reusable()) {
            LOG.debug(
                    "Session {}: the plan of a query is not cached: {}", scope.sessionId(), verdict.reasonNotToReuse());
        }
        return verdict;
    }

    /** A compiled pushed query; it knows the TableEnvironment whose transformations it holds. */
    private record PushedEntry(CompiledPushQuery compiled, KeptDependencies dependencies) {
        PushedEntry {
            requireNonNull(compiled, "compiled is null");
            requireNonNull(dependencies, "dependencies is null");
        }
    }

    /** A cached plan and the TableEnvironment whose transformations it holds. */
    private record Entry(TableEnvironment environment, CachedPlan plan, KeptDependencies dependencies) {
        Entry {
            requireNonNull(environment, "environment is null");
            requireNonNull(plan, "plan is null");
            requireNonNull(dependencies, "dependencies is null");
        }
    }
}
