package dev.sluice.planner.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.CheckedStatements;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import dev.sluice.planner.push.CompiledPushQuery;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.internal.CachedPlan;
import org.apache.flink.table.operations.QueryOperation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * The plans of queries that run a job, reused when a session runs the same statement again: a hit skips Flink's
 * parsing, validation, optimisation and translation, and only turns the cached operators into a new job.
 *
 * <p>The plan is Flink's own: the result of a query carries a {@link CachedPlan} (the query, its collect sink and
 * the translated transformations), and Flink's {@code executeCachedPlanInternal} runs it again as a
 * new job whose collect sink is read through a fresh iterator, as Flink's SQL gateway does for its plan cache. So a
 * hit goes through the same executor, submission and result reading as a miss. What Sluice adds is when a plan may
 * be reused: {@link JobPlanKey} (session, state version, options, normal form) and {@link ReusablePlans}.
 *
 * <p>One bounded cache serves every session, so that memory does not grow with the number of connections. A plan
 * belongs to the TableEnvironment that compiled it and is used only with that one; sessions drop their plans when
 * their state changes or they close. Thread-safe; each session uses its own entries under its execution lock.
 */
public final class JobPlanCache {
    private static final Logger LOG = LoggerFactory.getLogger(JobPlanCache.class);

    private final boolean enabled;
    private final Cache<JobPlanKey, Entry> plans;
    // pushed queries' plans: their own sink, not Flink's collect sink, so not Flink's CachedPlan
    private final Cache<JobPlanKey, PushedEntry> pushedPlans;
    // statements already judged not reusable: judging walks the whole plan by reflection, so it is done once per key
    private final Cache<JobPlanKey, Boolean> notReusable;

    public JobPlanCache(PlanCacheConfig config) {
        requireNonNull(config, "config is null");
        this.enabled = config.enabled();
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

    /**
     * Runs {@code query} on {@code environment}, the TableEnvironment of session {@code sessionId} at
     * {@code stateVersion}: from its cached plan if there is one for the statement and the environment's current
     * options, else parsed, put to {@code check} and executed, keeping the plan if it may be reused. A cached plan was
     * checked when it was planned; the cache is per session, so the same session's check passed it. Must run on the
     * session's planning thread state, under its execution lock.
     */
    public Execution execute(
            TableEnvironment environment,
            String sessionId,
            long stateVersion,
            PlannedStatement query,
            AccessCheck check) {
        return execute(environment, sessionId, stateVersion, query.sql(), query.normalForm(), check);
    }

    private Execution execute(
            TableEnvironment environment,
            String sessionId,
            long stateVersion,
            String sql,
            String statement,
            AccessCheck check) {
        JobPlanKey before = key(environment, sessionId, stateVersion, statement);
        Optional<CachedPlan> cached = find(before, environment);
        if (cached.isPresent()) {
            return new Execution(
                    TableEnvironmentInternals.executeCachedPlan(environment, cached.get()), PlanCacheResult.HIT);
        }
        TableEnvironmentInternals.ExecutedStatement executed = CheckedStatements.executeSql(environment, sql, check);
        TableResult result = executed.result();
        CachedPlan plan = executed.plan();
        if (!enabled || plan == null || notReusable.getIfPresent(before) != null) {
            return new Execution(result, PlanCacheResult.SKIP);
        }
        // the options as planning left them: the batch planner writes settings it derives from the others
        // (adaptive batch execution) into the session's options the first time it runs, the same each time
        JobPlanKey after = key(environment, sessionId, stateVersion, statement);
        if (!isReusable(environment, sessionId, plan)) {
            notReusable.put(after, Boolean.TRUE);
            return new Execution(result, PlanCacheResult.SKIP);
        }
        put(after, environment, plan);
        return new Execution(result, PlanCacheResult.MISS);
    }

    /**
     * The compiled pushed query kept for {@code query} of session {@code sessionId} at {@code stateVersion} with the
     * environment's current options, if any; run it with a new ticket's sink.
     */
    public Optional<CompiledPushQuery> findPushed(
            TableEnvironment environment, String sessionId, long stateVersion, PlannedStatement query) {
        PushedEntry entry = enabled
                ? pushedPlans.getIfPresent(key(environment, sessionId, stateVersion, query.normalForm()))
                : null;
        return entry != null && entry.compiled().environment() == environment
                ? Optional.of(entry.compiled())
                : Optional.empty();
    }

    /**
     * Keeps {@code compiled}, which just ran {@code query} for the first time, if its plan may be reused.
     *
     * @return {@link PlanCacheResult#MISS} if it was kept, {@link PlanCacheResult#SKIP} if not
     */
    public PlanCacheResult keepPushed(
            String sessionId, long stateVersion, PlannedStatement query, CompiledPushQuery compiled) {
        TableEnvironment environment = compiled.environment();
        JobPlanKey key = key(environment, sessionId, stateVersion, query.normalForm());
        if (!enabled || notReusable.getIfPresent(key) != null) {
            return PlanCacheResult.SKIP;
        }
        if (!isReusable(environment, sessionId, compiled.query())) {
            notReusable.put(key, Boolean.TRUE);
            return PlanCacheResult.SKIP;
        }
        pushedPlans.put(key, new PushedEntry(compiled));
        return PlanCacheResult.MISS;
    }

    /** Drops the plans of session {@code sessionId}, whose state changed or which closed. */
    public void invalidateSession(String sessionId) {
        plans.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
        pushedPlans.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
        notReusable.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
    }

    /** The plan cached under {@code key}, if {@code environment} compiled it. */
    Optional<CachedPlan> find(JobPlanKey key, TableEnvironment environment) {
        Entry entry = enabled ? plans.getIfPresent(key) : null;
        return entry != null && entry.environment() == environment ? Optional.of(entry.plan()) : Optional.empty();
    }

    /** Keeps {@code plan} under {@code key}, compiled by {@code environment}. */
    void put(JobPlanKey key, TableEnvironment environment, CachedPlan plan) {
        if (enabled) {
            plans.put(key, new Entry(environment, plan));
        }
    }

    /** Plans held now. */
    long size() {
        plans.cleanUp();
        return plans.estimatedSize();
    }

    private static JobPlanKey key(TableEnvironment environment, String sessionId, long stateVersion, String statement) {
        return new JobPlanKey(
                sessionId,
                stateVersion,
                statement,
                OptionsSnapshot.of(environment.getConfig().getConfiguration()));
    }

    private static boolean isReusable(TableEnvironment environment, String sessionId, CachedPlan plan) {
        return plan.getOperation() instanceof QueryOperation query && isReusable(environment, sessionId, query);
    }

    private static boolean isReusable(TableEnvironment environment, String sessionId, QueryOperation query) {
        Optional<String> reason;
        try {
            reason = ReusablePlans.findReasonNotToReuse(environment, query);
        } catch (RuntimeException e) {
            // the query has run already; a plan that cannot be judged is only not cached
            LOG.warn("Session {}: cannot tell whether a query's plan may be reused, so it is not", sessionId, e);
            return false;
        }
        reason.ifPresent(why -> LOG.debug("Session {}: the plan of a query is not cached: {}", sessionId, why));
        return reason.isEmpty();
    }

    /** A compiled pushed query; it knows the TableEnvironment whose transformations it holds. */
    private record PushedEntry(CompiledPushQuery compiled) {
        PushedEntry {
            requireNonNull(compiled, "compiled is null");
        }
    }

    /** A cached plan and the TableEnvironment whose transformations it holds. */
    private record Entry(TableEnvironment environment, CachedPlan plan) {
        Entry {
            requireNonNull(environment, "environment is null");
            requireNonNull(plan, "plan is null");
        }
    }
}
