package dev.sluice.gateway.statement;

import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QueryPhases;
import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.cache.PlanKind;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * Holds each authenticated user to a number of statements running at once over all their sessions, so that one user
 * cannot take every place on a shared cluster (a statement keeps its job's place until its result is read to the end
 * or closed). A statement counts from its start until it finishes, as {@link QueryObserver} reports them; one over
 * the limit is refused before it runs. The anonymous user of a gateway without authentication is everyone at once,
 * so it is not limited. Thread-safe.
 */
public final class RunningStatementLimit {
    private final int limit;
    private final Map<GatewayUser, Integer> running = new ConcurrentHashMap<>();

    public RunningStatementLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        this.limit = limit;
    }

    /** The observer of a session of {@code owner}: counts its statements, then tells {@code next}. */
    public QueryObserver observing(GatewayUser owner, QueryObserver next) {
        requireNonNull(owner, "owner is null");
        requireNonNull(next, "next is null");
        if (owner.equals(GatewayUser.ANONYMOUS)) {
            return next;
        }
        return new QueryObserver() {
            @Override
            public void executed(String cluster, StatementKind kind, long executeNanos, boolean succeeded) {
                next.executed(cluster, kind, executeNanos, succeeded);
            }

            @Override
            public void started(String cluster, StatementKind kind) {
                acquire(owner);
                next.started(cluster, kind);
            }

            @Override
            public void finished(String cluster, StatementKind kind, QueryOutcome outcome, QueryPhases phases) {
                release(owner);
                next.finished(cluster, kind, outcome, phases);
            }

            @Override
            public void planned(String cluster, PlanKind plan, PlanCacheResult cacheResult, long planNanos) {
                next.planned(cluster, plan, cacheResult, planNanos);
            }
        };
    }

    /** Statements {@code user} has running now. */
    int running(GatewayUser user) {
        return running.getOrDefault(user, 0);
    }

    private void acquire(GatewayUser owner) {
        running.compute(owner, (user, count) -> {
            int now = count == null ? 0 : count;
            if (now >= limit) {
                throw new TooManyRunningStatementsException(user, limit);
            }
            return now + 1;
        });
    }

    private void release(GatewayUser owner) {
        running.computeIfPresent(owner, (user, count) -> count <= 1 ? null : count - 1);
    }
}
