package dev.sluice.gateway.statement;

import dev.sluice.gateway.dataaccess.DataAccessPolicy;
import dev.sluice.gateway.history.QueryHistory;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.RecordingObserver;
import dev.sluice.gateway.planning.TestPlanning;
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
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Queries answered without a job, planned by Flink's real planner in batch mode. */
final class ConstantQueryAnswersTest {
    private final TestSessions time = new TestSessions();
    private final RecordingObserver observer = new RecordingObserver();
    private final SessionEnvironment environment =
            new SessionEnvironment(TestSessions.environmentFactory(), TestSessions.defaults());
    private final SessionOptionCommands options = new SessionOptionCommands("s1", environment);
    private final QueryHistory history = new QueryHistory("s1", "test", QueryObserver.NONE, time.clock, 262_144, 2000);

    @Test
    void reusesAPlanAtTheSameStateVersionOnly() {
        ConstantQueryAnswers answers = answers(true);

        assertThat(planCache(answers, "SELECT 1", 0)).isEqualTo(PlanCacheResult.MISS);
        assertThat(planCache(answers, "SELECT 1", 0)).isEqualTo(PlanCacheResult.HIT);
        assertThat(planCache(answers, "SELECT 1", 1)).isEqualTo(PlanCacheResult.MISS);
        assertThat(observer.calls)
                .containsExactly(
                        "planned test CONSTANT MISS 0 ns",
                        "planned test CONSTANT HIT 0 ns",
                        "planned test CONSTANT MISS 0 ns");
    }

    @Test
    void skipsTheCacheWhenTheGatewayOrTheSessionHasItOff() {
        assertThat(planCache(answers(false), "SELECT 1", 0)).isEqualTo(PlanCacheResult.SKIP);

        ConstantQueryAnswers answers = answers(true);
        options.run(SessionOptionStatement.parse("SET 'sluice.plan-cache.enabled' = 'false'"));

        assertThat(planCache(answers, "SELECT 1", 0)).isEqualTo(PlanCacheResult.SKIP);
        assertThat(planCache(answers, "SELECT 1", 0)).isEqualTo(PlanCacheResult.SKIP);
    }

    @Test
    void findsWhatTheSessionHasPlannedAlreadyToAnswerItWithoutThePlanner() {
        ConstantQueryAnswers answers = answers(true);
        assertThat(answers.findPlanned(StatementPlanner.analyze("SELECT 42"), 0))
                .isEmpty();
        planCache(answers, "SELECT 42", 0);

        QueryTrace trace = history.start("SELECT 42", StatementKind.QUERY);
        StatementOutcome.Rows rows = (StatementOutcome.Rows) answers.answer(
                answers.findPlanned(StatementPlanner.analyze("SELECT  42"), 0).orElseThrow(), 0, trace);

        assertThat(rows.cursor().next(10)).containsExactly(Row.of(42));
        assertThat(trace.planCache()).isEqualTo(PlanCacheResult.HIT);
        assertThat(observer.calls).endsWith("planned test CONSTANT HIT 0 ns");
        assertThat(answers.findPlanned(StatementPlanner.analyze("SELECT 42"), 1))
                .as("at another state version")
                .isEmpty();
        options.run(SessionOptionStatement.parse("SET 'sluice.plan-cache.enabled' = 'false'"));
        assertThat(answers.findPlanned(StatementPlanner.analyze("SELECT 42"), 0))
                .as("with the session's cache off")
                .isEmpty();
    }

    @Test
    void leavesQueriesThatNeedAJobToFlink() {
        ConstantQueryAnswers answers = answers(true);
        QueryTrace readsATable = history.start("SELECT x FROM t", StatementKind.QUERY);
        QueryTrace random = history.start("SELECT RAND()", StatementKind.QUERY);

        assertThat(answers.answer(StatementPlanner.analyze("SELECT x FROM t"), 0, readsATable, 0))
                .isEmpty();
        assertThat(answers.answer(StatementPlanner.analyze("SELECT RAND()"), 0, random, 0))
                .isEmpty();
        assertThat(random.planCache()).isNull();
        assertThat(observer.calls).isEmpty();
    }

    @Test
    void evaluatesTimeFunctionsOnTheSessionClockInTheSessionZone() {
        options.run(SessionOptionStatement.parse("SET 'table.local-time-zone' = 'Asia/Tokyo'"));

        assertThat(rows(answers(true), "SELECT CURRENT_TIMESTAMP, LOCALTIMESTAMP", 0))
                .containsExactly(Row.of(
                        TestSessions.WALL_TIME.truncatedTo(java.time.temporal.ChronoUnit.MILLIS),
                        LocalDateTime.parse("2026-03-01T19:15:30.123")));
    }

    @Test
    void returnsNoMoreThanMaxRows() {
        assertThat(rows(answers(true), "VALUES (1), (2), (3)", 2)).containsExactly(Row.of(1), Row.of(2));
        assertThat(rows(answers(true), "VALUES (1), (2), (3)", 0)).hasSize(3);
    }

    private ConstantQueryAnswers answers(boolean gatewayPlanCache) {
        return new ConstantQueryAnswers(
                new SessionContext(
                        "s1",
                        TestSessions.CLUSTER,
                        time.clock,
                        observer,
                        new JobPlanCache(new PlanCacheConfig(gatewayPlanCache, 16)),
                        ResultCache.disabled(),
                        NoSubmissions.INSTANCE,
                        ResultTransports.collect(),
                        DataAccessPolicy.defaults().forSession("", Set.of()),
                        TestPlanning.onCallingThread()),
                environment,
                options);
    }

    private PlanCacheResult planCache(ConstantQueryAnswers answers, String sql, long stateVersion) {
        QueryTrace trace = history.start(sql, StatementKind.QUERY);
        assertThat(answers.answer(StatementPlanner.analyze(sql), 0, trace, stateVersion))
                .isPresent();
        return trace.planCache();
    }

    private List<Row> rows(ConstantQueryAnswers answers, String sql, long maxRows) {
        QueryTrace trace = history.start(sql, StatementKind.QUERY);
        StatementOutcome.Rows rows = (StatementOutcome.Rows)
                answers.answer(StatementPlanner.analyze(sql), maxRows, trace, 0).orElseThrow();
        return rows.cursor().next(Integer.MAX_VALUE);
    }
}
