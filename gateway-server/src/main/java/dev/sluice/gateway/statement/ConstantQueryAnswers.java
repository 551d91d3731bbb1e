package dev.sluice.gateway.statement;

import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.settings.SessionEnvironment;
import dev.sluice.gateway.settings.SessionOptionCommands;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementRoute;
import dev.sluice.planner.cache.ConstantPlanCache;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.cache.PlanKind;
import dev.sluice.planner.plan.ConstantPlan;
import org.apache.flink.types.Row;

import java.util.List;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * Answers a query that reads no table in the gateway (a BI tool's {@code SELECT 1}); its plan is cached per normal
 * form of the text and state version, so a repeated check costs a map lookup.
 *
 * <p>Planning runs under the session's execution lock; the cache itself is thread-safe.
 */
public final class ConstantQueryAnswers {
    private static final int MAX_CONSTANT_PLANS = 256;

    private final SessionEnvironment environment;
    private final SessionOptionCommands options;
    private final JobPlanCache jobPlans;
    private final String clusterName;
    private final QueryObserver observer;
    private final SessionClock clock;
    // plans of constant queries by state version and normal form; bounded, as clients may send endless variants
    private final ConstantPlanCache plans = new ConstantPlanCache(MAX_CONSTANT_PLANS);

    /** @param context its plan cache's switch turns this cache off too: one gateway option for every plan cache */
    public ConstantQueryAnswers(SessionContext context, SessionEnvironment environment, SessionOptionCommands options) {
        requireNonNull(context, "context is null");
        this.environment = requireNonNull(environment, "environment is null");
        this.options = requireNonNull(options, "options is null");
        this.jobPlans = context.jobPlans();
        this.clusterName = context.cluster().name();
        this.observer = context.observer();
        this.clock = context.clock();
    }

    /**
     * The rows of {@code planned}, a constant-query candidate, if it is a constant query; empty if it needs a job.
     *
     * @param maxRows the most rows to return; 0 or less for no limit
     * @param stateVersion the session's state version: a plan made at another version may be stale
     */
    public Optional<StatementOutcome> answer(
            PlannedStatement planned, long maxRows, QueryTrace trace, long stateVersion) {
        if (planned.route() != StatementRoute.CONSTANT_CANDIDATE) {
            return Optional.empty();
        }
        long start = clock.nanoTime();
        boolean cacheable = jobPlans.isEnabled() && options.querySettings().planCacheEnabled();
        ConstantPlanCache.Lookup lookup = plans.plan(environment.onCurrentThread(), stateVersion, planned, cacheable);
        Optional<ConstantPlan> plan = lookup.plan();
        PlanCacheResult cacheResult = lookup.cacheResult();
        if (plan.isPresent()) {
            // a query that needs a job after all is planned again there, and counted there
            trace.planned(cacheResult);
            observer.planned(clusterName, PlanKind.CONSTANT, cacheResult, clock.nanoTime() - start);
        }
        return plan.map(constant -> rows(constant, maxRows));
    }

    /**
     * The plan of {@code planned}, a constant-query candidate, at {@code stateVersion}, if this session has planned it
     * already: it is answered without Flink's planner ({@link #answer(ConstantPlan, long, QueryTrace)}), so on the
     * request's thread, with no planning worker. Thread-safe, without the execution lock.
     */
    public Optional<ConstantPlan> findPlanned(PlannedStatement planned, long stateVersion) {
        boolean cacheable = jobPlans.isEnabled() && options.querySettings().planCacheEnabled();
        return cacheable && planned.route() == StatementRoute.CONSTANT_CANDIDATE
                ? plans.find(stateVersion, planned)
                : Optional.empty();
    }

    /** The rows of {@code plan}, which {@link #findPlanned} found; no planning. */
    public StatementOutcome answer(ConstantPlan plan, long maxRows, QueryTrace trace) {
        trace.planned(PlanCacheResult.HIT);
        observer.planned(clusterName, PlanKind.CONSTANT, PlanCacheResult.HIT, 0); // found, not planned
        return rows(plan, maxRows);
    }

    private StatementOutcome rows(ConstantPlan constant, long maxRows) {
        List<Row> rows = constant.rows(clock.wallClock(), environment.localTimeZone());
        if (maxRows > 0 && rows.size() > maxRows) {
            rows = rows.subList(0, (int) maxRows);
        }
        return new StatementOutcome.Rows(constant.schema(), new ListResultCursor(rows));
    }
}
