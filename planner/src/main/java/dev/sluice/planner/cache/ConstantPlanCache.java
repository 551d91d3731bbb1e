package dev.sluice.planner.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementRoute;
import dev.sluice.planner.plan.ConstantPlan;
import dev.sluice.planner.plan.ConstantQueries;
import org.apache.flink.table.api.TableEnvironment;

import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * One session's plans of constant queries ({@link ConstantQueries}), by state version and normal form, so that a BI
 * tool's repeated {@code SELECT 1} costs a map lookup. Statements found to need a job are kept too (as empty), so they
 * are not parsed twice at one state version.
 *
 * <p>Bounded, as clients may send endless variants. The state version is part of the key, so a DDL, {@code USE},
 * {@code SET} or {@code RESET} leaves the old entries unused until they are evicted.
 */
public final class ConstantPlanCache {
    private final Cache<String, Optional<ConstantPlan>> plans;

    public ConstantPlanCache(int maxSize) {
        if (maxSize < 1) {
            throw new IllegalArgumentException("maxSize must be at least 1, was " + maxSize);
        }
        // maintenance on the calling thread: the cache is small, and no thread is left behind
        this.plans = Caffeine.newBuilder()
                .maximumSize(maxSize)
                .executor(Runnable::run)
                .build();
    }

    /** A constant plan, or none if the query needs a job; and whether it came from this cache. */
    public record Lookup(Optional<ConstantPlan> plan, PlanCacheResult cacheResult) {
        public Lookup {
            requireNonNull(plan, "plan is null");
            requireNonNull(cacheResult, "cacheResult is null");
        }
    }

    /**
     * The constant plan of {@code statement} at {@code stateVersion} if this cache holds one: found without Flink's
     * planner, and without the session's execution lock. Empty when the statement would have to be planned, or is
     * known to need a job.
     */
    public Optional<ConstantPlan> find(long stateVersion, PlannedStatement statement) {
        Optional<ConstantPlan> cached = plans.getIfPresent(key(stateVersion, statement));
        return cached == null ? Optional.empty() : cached;
    }

    /**
     * The constant plan of {@code statement} on {@code environment} at {@code stateVersion}: from this cache if
     * {@code cacheable} and known, else from Flink's parser and validator. Must run on the session's planning thread
     * state, under its execution lock.
     *
     * @param cacheable whether the gateway and the session have the plan cache on; if not, the plan is neither read
     *     nor kept ({@link PlanCacheResult#SKIP})
     * @throws IllegalArgumentException if the statement is not a {@link StatementRoute#CONSTANT_CANDIDATE}
     */
    public Lookup plan(TableEnvironment environment, long stateVersion, PlannedStatement statement, boolean cacheable) {
        requireNonNull(environment, "environment is null");
        if (statement.route() != StatementRoute.CONSTANT_CANDIDATE) {
            throw new IllegalArgumentException(
                    "Only a constant-query candidate has a constant plan, the statement's route is "
                            + statement.route());
        }
        String key = key(stateVersion, statement);
        Optional<ConstantPlan> cached = cacheable ? plans.getIfPresent(key) : null;
        if (cached != null) {
            return new Lookup(cached, PlanCacheResult.HIT);
        }
        Optional<ConstantPlan> plan = ConstantQueries.plan(environment, statement.sql());
        if (!cacheable) {
            return new Lookup(plan, PlanCacheResult.SKIP);
        }
        plans.put(key, plan);
        return new Lookup(plan, PlanCacheResult.MISS);
    }

    private static String key(long stateVersion, PlannedStatement statement) {
        return stateVersion + "\n" + statement.normalForm();
    }
}
