package dev.sluice.bench.perf;

import org.jspecify.annotations.Nullable;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a Sluice gateway's {@code SHOW QUERY HISTORY} says of a run's measured queries: the time of each phase
 * ({@code plan_ms} to {@code last_row_ms}), the job's own lifetime and the client's wait beyond it ({@code job_ms},
 * {@code beyond_job_ms}; the p50 of the latter is the gateway's and the driver's share of a query, the figure issue
 * #13's goal is stated in), and how each plan was found ({@code plan_cache}: hit, template, miss or skip; a query
 * answered from the result cache, which has no plan, counts as {@code result}).
 *
 * <p>A connection's history keeps its last 100 statements, so a long run reports the last 100 queries of each
 * connection: a sample, not every query. Thread-safe: each worker adds its connection's rows.
 */
final class HistorySamples {
    /** The phase columns of {@code SHOW QUERY HISTORY}, in their order there. */
    static final List<String> PHASES = List.of(
            "plan_ms", "queue_ms", "submit_ms", "start_ms", "first_row_ms", "last_row_ms", "job_ms", "beyond_job_ms");

    static final List<String> PLAN_CACHE_RESULTS = List.of("hit", "miss", "skip");

    /** How a query answered from the result cache is counted among plans: it had none. */
    static final String RESULT_CACHE_HIT = "result";

    // guarded by this
    private final Map<String, List<Double>> phaseMillis = new LinkedHashMap<>();
    private final Map<String, Integer> planCache = new LinkedHashMap<>();
    private int queries;

    HistorySamples() {
        PHASES.forEach(phase -> phaseMillis.put(phase, new ArrayList<>()));
        PLAN_CACHE_RESULTS.forEach(result -> planCache.put(result, 0));
    }

    /** Adds one finished query: the phases the gateway knows of it, and how its plan was found (null: not told). */
    synchronized void add(Map<String, Double> phases, @Nullable String planCacheResult) {
        queries++;
        phases.forEach((phase, millis) -> {
            List<Double> values = phaseMillis.get(phase);
            if (values != null) {
                values.add(millis);
            }
        });
        if (planCacheResult != null) {
            planCache.merge(planCacheResult, 1, Integer::sum);
        }
    }

    /** The medians and counts of what was added. */
    synchronized HistoryPhases summary() {
        Map<String, Double> p50 = new LinkedHashMap<>();
        phaseMillis.forEach((phase, values) -> {
            if (!values.isEmpty()) {
                p50.put(phase, median(values));
            }
        });
        return new HistoryPhases(queries, p50, phaseMillis.get("job_ms").size(), planCache);
    }

    /**
     * Reads the rows of the last {@code measured} executions of {@code query} from the history of
     * {@code connection}, and adds those that finished. A phase the gateway does not know (no job, or its lifetime not
     * arrived yet) is left out of that phase's figures only.
     *
     * @throws SQLException when the gateway has no {@code SHOW QUERY HISTORY} (not Sluice) or the connection broke
     */
    void readHistory(Connection connection, PerfQuery query, long measured) throws SQLException {
        // newest last: the last ones are the measured ones, the first may be warm-up; one that did not finish keeps
        // its place
        Deque<Row> rows = new ArrayDeque<>();
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                if (!query.isExecution(history.getString("kind"), history.getString("statement"))) {
                    continue;
                }
                rows.addLast("finished".equals(history.getString("outcome")) ? Row.of(history) : Row.UNFINISHED);
                if (rows.size() > measured) {
                    rows.removeFirst();
                }
            }
        }
        for (Row row : rows) {
            if (row != Row.UNFINISHED) {
                add(row.phases(), row.planCache());
            }
        }
    }

    /** The figures of one history row. */
    private record Row(Map<String, Double> phases, @Nullable String planCache) {
        static final Row UNFINISHED = new Row(Map.of(), null);

        static Row of(ResultSet history) throws SQLException {
            Map<String, Double> phases = new LinkedHashMap<>();
            for (String phase : PHASES) {
                Object millis = history.getObject(phase);
                if (millis != null) {
                    phases.put(phase, ((Number) millis).doubleValue());
                }
            }
            // a query the result cache answered was not planned: its plan_cache is empty
            return new Row(
                    phases, "hit".equals(resultCache(history)) ? RESULT_CACHE_HIT : history.getString("plan_cache"));
        }

        private static @Nullable String resultCache(ResultSet history) {
            try {
                return history.getString("result_cache");
            } catch (SQLException e) {
                return null; // a gateway from before the result cache
            }
        }
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
