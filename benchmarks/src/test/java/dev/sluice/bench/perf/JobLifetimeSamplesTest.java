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

final class JobLifetimeSamplesTest {
    private static final String SQL = "select * from t";

    @Test
    void reportsTheMediansOfTheJobsLifetimeAndOfTheWaitBeyondIt() {
        JobLifetimeSamples samples = new JobLifetimeSamples();
        samples.add(30, 9);
        samples.add(10, 5);
        samples.add(20, 7);
        assertThat(samples.count()).isEqualTo(3);
        assertThat(samples.jobP50Millis()).hasValue(20);
        assertThat(samples.beyondJobP50Millis()).hasValue(7);
        samples.add(40, 11);
        assertThat(samples.jobP50Millis()).hasValue(25);
        assertThat(samples.beyondJobP50Millis()).hasValue(8);
    }

    @Test
    void hasNoMediansWithoutSamples() {
        JobLifetimeSamples samples = new JobLifetimeSamples();
        assertThat(samples.jobP50Millis()).isEmpty();
        assertThat(samples.beyondJobP50Millis()).isEmpty();
    }

    @Test
    void readsOnlyTheLastMeasuredRunsOfTheQueryThatFinishedWithAKnownLifetime() throws Exception {
        Connection connection = history(
                row(SQL, "finished", 100.0, 50.0), // warm-up: before the last 3 runs of the query
                row("SET 'a' = 'b'", "finished", null, null),
                row(SQL, "finished", 20.0, 4.0),
                row(SQL, "closed early", 30.0, 6.0),
                row("SHOW QUERY HISTORY", "running", null, null),
                row(SQL, "finished", null, null)); // its lifetime not yet known
        JobLifetimeSamples samples = new JobLifetimeSamples();

        samples.readHistory(connection, new SqlTextQuery("q", SQL), 3);

        assertThat(samples.count()).isEqualTo(1);
        assertThat(samples.jobP50Millis()).hasValue(20);
        assertThat(samples.beyondJobP50Millis()).hasValue(4);
    }

    @Test
    void findsTheRunsOfAWorkloadQueryByTheirKindWhateverTheirText() throws Exception {
        Connection connection = history(
                row("create temporary table orders (x INT)", "finished", null, null),
                row("select * from orders where x = 1", "finished", 10.0, 2.0),
                row("select * from orders where x = 7", "finished", 30.0, 4.0));
        JobLifetimeSamples samples = new JobLifetimeSamples();
        WorkloadPerfQuery query = new WorkloadPerfQuery(
                new WorkloadQuery("lookup", "", "select * from orders where x = ?", List.of(new IntRange(1, 9))),
                QueryMode.LITERAL,
                27);

        samples.readHistory(connection, query, 10);

        assertThat(samples.count()).isEqualTo(2);
        assertThat(samples.jobP50Millis()).hasValue(20);
    }

    private static Map<String, Object> row(String statement, String outcome, Double job, Double beyondJob) {
        Map<String, Object> row = new HashMap<>();
        row.put(
                "kind",
                statement.startsWith("SET")
                        ? "SET"
                        : statement.startsWith("SHOW") ? "SHOW" : statement.startsWith("create") ? "DDL" : "QUERY");
        row.put("statement", statement);
        row.put("outcome", outcome);
        row.put("job_ms", job);
        row.put("beyond_job_ms", beyondJob);
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
