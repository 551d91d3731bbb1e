package dev.sluice.bench.perf;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The job's own lifetime and the client's wait beyond it, per measured query, as the gateway's
 * {@code SHOW QUERY HISTORY} tells them ({@code job_ms}, {@code beyond_job_ms}); the p50 of {@code beyond_job_ms} is
 * the gateway's and the driver's share of a query, the figure issue #13's goal is stated in.
 *
 * <p>A connection's history keeps its last 100 statements, so a long run reports the last 100 queries of each
 * connection: a sample, not every query. Thread-safe: each worker adds its connection's rows.
 */
final class JobLifetimeSamples {
    private final List<Double> jobMillis = new ArrayList<>();
    private final List<Double> beyondJobMillis = new ArrayList<>();

    /** Adds one query's figures. */
    synchronized void add(double job, double beyondJob) {
        jobMillis.add(job);
        beyondJobMillis.add(beyondJob);
    }

    /** How many queries the figures come from. */
    synchronized int count() {
        return jobMillis.size();
    }

    /** The median job lifetime in milliseconds; empty without samples (a query without a job, another gateway). */
    synchronized OptionalDouble jobP50Millis() {
        return median(jobMillis);
    }

    /** The median wait beyond the job's lifetime in milliseconds; empty without samples. */
    synchronized OptionalDouble beyondJobP50Millis() {
        return median(beyondJobMillis);
    }

    /**
     * Reads the rows of the last {@code measured} executions of {@code query} that finished from the history of
     * {@code connection}, skipping those whose job's lifetime the gateway does not know (no job, or not yet arrived).
     *
     * @throws SQLException when the gateway has no {@code SHOW QUERY HISTORY} (not Sluice) or the connection broke
     */
    void readHistory(Connection connection, PerfQuery query, long measured) throws SQLException {
        Deque<double[]> rows = new ArrayDeque<>();
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                if (!query.isExecution(history.getString("kind"), history.getString("statement"))) {
                    continue;
                }
                Object job = history.getObject("job_ms");
                Object beyondJob = history.getObject("beyond_job_ms");
                // newest last: the last ones are the measured ones, the first may be warm-up; an unknown one keeps
                // its place, as NaN
                rows.addLast(
                        job == null || beyondJob == null || !"finished".equals(history.getString("outcome"))
                                ? new double[] {Double.NaN, Double.NaN}
                                : new double[] {((Number) job).doubleValue(), ((Number) beyondJob).doubleValue()});
                if (rows.size() > measured) {
                    rows.removeFirst();
                }
            }
        }
        for (double[] row : rows) {
            if (!Double.isNaN(row[0])) {
                add(row[0], row[1]);
            }
        }
    }

    private static OptionalDouble median(List<Double> values) {
        if (values.isEmpty()) {
            return OptionalDouble.empty();
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return OptionalDouble.of(sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
    }
}
