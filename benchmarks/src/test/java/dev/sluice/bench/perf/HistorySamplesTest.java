package dev.sluice.bench.perf;

import dev.sluice.bench.workload.IntRange;
import dev.sluice.bench.workload.WorkloadQuery;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

final class HistorySamplesTest {
    private static final String SQL = "select * from t";
    private static final PerfQuery QUERY = new SqlTextQuery("q", SQL);

    @Test
    void reportsTheMediansOfEachPhaseOverTheQueriesThatHaveIt() {
        HistorySamples samples = new HistorySamples();
        samples.add(Map.of("plan_ms", 3.0, "job_ms", 30.0, "beyond_job_ms", 9.0), "miss");
        samples.add(Map.of("plan_ms", 1.0, "job_ms", 10.0, "beyond_job_ms", 5.0), "hit");
        samples.add(Map.of("plan_ms", 2.0, "job_ms", 20.0, "beyond_job_ms", 7.0), "hit");
        samples.add(Map.of("plan_ms", 4.0), "skip");

        HistoryPhases phases = samples.summary();

        assertThat(phases.queries()).isEqualTo(4);
        assertThat(phases.p50("plan_ms")).isEqualTo(2.5);
        assertThat(phases.jobSamples()).isEqualTo(3);
        assertThat(phases.p50("job_ms")).isEqualTo(20);
        assertThat(phases.p50("beyond_job_ms")).isEqualTo(7);
        assertThat(phases.p50("queue_ms")).isNaN();
        assertThat(phases.planCache()).containsExactly(entry("hit", 2), entry("miss", 1), entry("skip", 1));
    }

    @Test
    void hasNoMediansWithoutSamples() {
        HistoryPhases phases = new HistorySamples().summary();

        assertThat(phases.queries()).isZero();
        assertThat(phases.p50Millis()).isEmpty();
        assertThat(phases.p50("job_ms")).isNaN();
    }

    @Test
    void readsOnlyTheLastMeasuredRunsOfTheQueryThatFinished() throws Exception {
        Connection connection = history(
                row("QUERY", SQL, "finished", 100.0, 50.0, "miss"), // warm-up: before the last 3 runs of the query
                row("SET", "SET 'a' = 'b'", "finished", null, null, null),
                row("QUERY", SQL, "finished", 20.0, 4.0, "hit"),
                row("QUERY", SQL, "closed early", 30.0, 6.0, "hit"),
                row("SHOW", "SHOW QUERY HISTORY", "running", null, null, null),
                row("QUERY", SQL, "finished", null, null, "hit")); // its lifetime not yet known
        HistorySamples samples = new HistorySamples();

        samples.readHistory(connection, QUERY, 3);

        HistoryPhases phases = samples.summary();
        assertThat(phases.queries()).isEqualTo(2);
        assertThat(phases.jobSamples()).isEqualTo(1);
        assertThat(phases.p50("job_ms")).isEqualTo(20);
        assertThat(phases.p50("beyond_job_ms")).isEqualTo(4);
        assertThat(phases.p50("plan_ms")).isEqualTo(1.5);
        assertThat(phases.planCache("hit")).isEqualTo(2);
        assertThat(phases.planCache("miss")).isZero();
    }

    @Test
    void countsAQueryTheResultCacheAnsweredAsOneWithoutAPlan() throws Exception {
        Map<String, Object> hit = row("QUERY", SQL, "finished", null, null, null);
        hit.put("result_cache", "hit");
        Connection connection = history(row("QUERY", SQL, "finished", 20.0, 4.0, "miss"), hit);
        HistorySamples samples = new HistorySamples();

        samples.readHistory(connection, QUERY, 10);

        assertThat(samples.summary().planCache("result")).isEqualTo(1);
        assertThat(samples.summary().planCache("miss")).isEqualTo(1);
        assertThat(samples.summary().queries()).isEqualTo(2);
    }

    @Test
    void findsTheRunsOfAWorkloadQueryByTheirKindWhateverTheirText() throws Exception {
        Connection connection = history(
                row("DDL", "create temporary table orders (x INT)", "finished", null, null, null),
                row("QUERY", "select * from orders where x = 1", "finished", 10.0, 2.0, "miss"),
                row("QUERY", "select * from orders where x = 7", "finished", 30.0, 4.0, "hit"));
        HistorySamples samples = new HistorySamples();
        WorkloadPerfQuery query = new WorkloadPerfQuery(
                new WorkloadQuery("lookup", "", "select * from orders where x = ?", List.of(new IntRange(1, 9))),
                QueryMode.LITERAL,
                27);

        samples.readHistory(connection, query, 10);

        assertThat(samples.summary().jobSamples()).isEqualTo(2);
        assertThat(samples.summary().p50("job_ms")).isEqualTo(20);
    }

    private static Map<String, Object> row(
            String kind, String statement, String outcome, Double job, Double beyondJob, String planCache) {
        Map<String, Object> row = new HashMap<>();
        row.put("kind", kind);
        row.put("statement", statement);
        row.put("outcome", outcome);
        row.put("job_ms", job);
        row.put("beyond_job_ms", beyondJob);
        row.put("plan_cache", planCache);
        row.put("result_cache", null);
        // a plan time for the queries that had a plan
        row.put("plan_ms", planCache == null ? null : job == null ? 2.0 : 1.0);
        return row;
    }

    /** A connection whose SHOW QUERY HISTORY answers {@code rows}. */
    @SafeVarargs
    private static Connection history(Map<String, Object>... rows) {
        List<Map<String, Object>> all = Arrays.asList(rows);
        int[] at = {-1};
        ResultSet result = proxy(ResultSet.class, (method, args) -> switch (method) {
            case "next" -> ++at[0] < all.size();
            case "getString", "getObject" -> all.get(at[0]).get((String) args[0]);
            case "close" -> null;
            default -> throw new UnsupportedOperationException(method);
        });
        Statement statement = proxy(Statement.class, (method, args) -> switch (method) {
            case "executeQuery" -> {
                assertThat(args[0]).isEqualTo("SHOW QUERY HISTORY");
                yield result;
            }
            case "close" -> null;
            default -> throw new UnsupportedOperationException(method);
        });
        return proxy(Connection.class, (method, args) -> {
            if (method.equals("createStatement")) {
                return statement;
            }
            throw new UnsupportedOperationException(method);
        });
    }

    private interface Answer {
        Object answer(String method, Object[] args);
    }

    private static <T> T proxy(Class<T> type, Answer answer) {
        return type.cast(Proxy.newProxyInstance(
                type.getClassLoader(),
                new Class<?>[] {type},
                (self, method, args) -> answer.answer(method.getName(), args)));
    }
}
