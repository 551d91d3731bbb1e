package dev.sluice.gateway.statement;

import dev.sluice.gateway.dataaccess.DataAccessPolicy;
import dev.sluice.gateway.history.QueryHistory;
import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.RecordingObserver;
import dev.sluice.gateway.planning.TestPlanning;
import dev.sluice.gateway.result.MaterializedLimits;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.resultcache.ResultCache;
import dev.sluice.gateway.session.TestSessions;
import dev.sluice.gateway.settings.SessionEnvironment;
import dev.sluice.gateway.settings.SessionOptionCommands;
import dev.sluice.planner.SessionOptionStatement;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.StatementPlanner;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheConfig;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.cache.PlanScope;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Statements that Flink runs without a job (DDL, SHOW) or refuses while planning; a query or DML with a job needs a
 * cluster and is covered by the ITs.
 */
final class FlinkStatementRunnerTest {
    // a session of its own: these statements create objects, so it shares no plan
    private static final PlanScope SCOPE = new PlanScope("s", 0, false);

    private final TestSessions time = new TestSessions();
    private final RecordingObserver observer = new RecordingObserver();
    private final SessionEnvironment environment =
            new SessionEnvironment(TestSessions.environmentFactory(), TestSessions.defaults());
    private final SessionOptionCommands options = new SessionOptionCommands("s1", environment);
    private final QueryHistory history = new QueryHistory("s1", "test", observer, time.clock, 262_144, 2000);
    private final FlinkStatementRunner runner = new FlinkStatementRunner(
            new SessionContext(
                    "s1",
                    TestSessions.CLUSTER,
                    time.clock,
                    observer,
                    new JobPlanCache(new PlanCacheConfig(true, 16)),
                    ResultCache.disabled(),
                    NoSubmissions.INSTANCE,
                    ResultTransports.collect(),
                    DataAccessPolicy.defaults().forSession("", Set.of()),
                    TestPlanning.onCallingThread()),
            environment,
            options,
            history,
            new MaterializedLimits(1000, 64L << 20),
            () -> false);

    @Test
    void ddlIsAnUpdateCountOfZero() {
        assertThat(execute(StatementKind.DDL, "CREATE TEMPORARY TABLE t (x INT) WITH ('connector' = 'datagen')"))
                .isEqualTo(new StatementOutcome.UpdateCount(0));
        assertThat(environment.current().listTemporaryTables()).containsExactly("t");
    }

    @Test
    void rowsFlinkComputedWithoutAJobAreReadAndEndTheTraceWhenDone() {
        execute(StatementKind.DDL, "CREATE TEMPORARY TABLE t (x INT) WITH ('connector' = 'datagen')");
        QueryTrace trace = history.start("SHOW TABLES", StatementKind.SHOW);
        time.advanceMillis(4);

        StatementOutcome.Rows rows = (StatementOutcome.Rows)
                runner.execute(StatementPlanner.analyze("SHOW TABLES"), 0, Duration.ZERO, trace, SCOPE);

        assertThat(rows.schema().getColumnNames()).containsExactly("table name");
        assertThat(rows.cursor().next(100)).containsExactly(Row.of("t"));
        rows.cursor().close();
        assertThat(trace.hasEnded()).isTrue();
        assertThat(trace.isReadingAJob()).isFalse();
        assertThat(observer.calls).endsWith("started test SHOW", "finished test success []");
    }

    @Test
    void aQueryFlinkCannotPlanFailsBeforeAnythingIsSubmitted() {
        QueryTrace trace = history.start("SELECT * FROM missing", StatementKind.QUERY);

        assertThatThrownBy(() -> runner.execute(
                        StatementPlanner.analyze("SELECT * FROM missing"), 0, Duration.ZERO, trace, SCOPE))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("missing");
        assertThat(trace.planCache()).isNull();
    }

    @Test
    void aSessionWithThePlanCacheOffPlansEveryQuery() {
        options.run(SessionOptionStatement.parse("SET 'sluice.plan-cache.enabled' = 'false'"));
        QueryTrace trace = history.start("SELECT * FROM missing", StatementKind.QUERY);

        assertThatThrownBy(() -> runner.execute(
                        StatementPlanner.analyze("SELECT * FROM missing"), 0, Duration.ZERO, trace, SCOPE))
                .isInstanceOf(ValidationException.class);
        assertThat(trace.planCache()).isEqualTo(PlanCacheResult.SKIP);
    }

    private StatementOutcome execute(StatementKind kind, String sql) {
        return runner.execute(StatementPlanner.analyze(sql), 0, Duration.ZERO, history.start(sql, kind), SCOPE);
    }
}
