package dev.sluice.gateway.session;

import dev.sluice.gateway.dataaccess.DataAccessPolicy;
import dev.sluice.gateway.history.QueryHistory;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.RunningQueriesAnswer;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.jobcommand.FakeSessionJobs;
import dev.sluice.gateway.planning.TestPlanning;
import dev.sluice.gateway.result.MaterializedLimits;
import dev.sluice.gateway.resultcache.ResultCache;
import dev.sluice.gateway.security.UserCodePolicy;
import dev.sluice.gateway.statement.NoSubmissions;
import dev.sluice.gateway.statement.ResultTransports;
import dev.sluice.gateway.statement.SessionContext;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheConfig;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.HostAndPort;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Sessions on a real Flink TableEnvironment in batch mode and a clock the test drives. Nothing here reaches a
 * cluster: SET, RESET, DDL, SHOW and constant queries never submit a job.
 */
public final class TestSessions {
    public static final Instant WALL_TIME = Instant.parse("2026-03-01T10:15:30.123456Z");
    public static final ClusterEndpoint CLUSTER =
            new ClusterEndpoint("test", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 1));

    /** Monotonic time of the tests' clock; only the test moves it. */
    final AtomicLong nanos = new AtomicLong(1_000_000_000L);

    public final SessionClock clock = new SessionClock(Clock.fixed(WALL_TIME, ZoneOffset.UTC), nanos::get);

    public static Function<Configuration, TableEnvironment> environmentFactory() {
        return options -> TableEnvironment.create(
                EnvironmentSettings.newInstance().withConfiguration(options).build());
    }

    /** The gateway's defaults of the tests' sessions: batch mode, UTC. */
    public static Configuration defaults() {
        Configuration defaults = new Configuration();
        defaults.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
        defaults.setString("table.local-time-zone", "UTC");
        return defaults;
    }

    GatewaySession session(QueryObserver observer) {
        return new GatewaySession(
                new SessionContext(
                        "s1",
                        CLUSTER,
                        clock,
                        observer,
                        new JobPlanCache(new PlanCacheConfig(true, 16)),
                        ResultCache.disabled(),
                        NoSubmissions.INSTANCE,
                        ResultTransports.collect(),
                        DataAccessPolicy.defaults().forSession("", Set.of()),
                        TestPlanning.onCallingThread()),
                environmentFactory(),
                defaults(),
                new MaterializedLimits(1000, 64L << 20),
                new QueryHistory("s1", CLUSTER.name(), observer, clock, 262_144, 2000),
                FakeSessionJobs.none(),
                new RunningQueriesAnswer(List::of),
                UserCodePolicy.NONE);
    }

    public void advanceMillis(long millis) {
        nanos.addAndGet(millis * 1_000_000);
    }
}
