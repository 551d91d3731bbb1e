package dev.sluice.bench.perf;

import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * The result of a perf run: throughput and latency percentiles of the measured queries (microseconds inside).
 *
 * @param bytes the size of the values read, as the application holds them: 8 bytes for a BIGINT, DOUBLE or
 *     TIMESTAMP, 4 for an INT, FLOAT, DATE or TIME, a string's characters, a decimal's digits, a byte string's bytes
 * @param history what a Sluice gateway's {@code SHOW QUERY HISTORY} says of the measured queries: each phase's p50,
 *     the job's own lifetime and the client's wait beyond it (the gateway's and the driver's time), the plan cache's
 *     answers; {@link HistoryPhases#NONE} from another gateway
 */
public record PerfReport(
        String url,
        String query,
        int concurrency,
        long queries,
        long rows,
        long bytes,
        long errors,
        Map<String, Long> firstErrors,
        Duration elapsed,
        double avgMillis,
        double p50Millis,
        double p95Millis,
        double p99Millis,
        double p999Millis,
        double maxMillis,
        HistoryPhases history) {
    public PerfReport {
        requireNonNull(url, "url is null");
        requireNonNull(query, "query is null");
        firstErrors = Map.copyOf(firstErrors);
        requireNonNull(elapsed, "elapsed is null");
        requireNonNull(history, "history is null");
    }

    static PerfReport of(
            PerfConfig config,
            Histogram micros,
            long rows,
            long bytes,
            ErrorSummary errors,
            Duration elapsed,
            HistoryPhases history) {
        return new PerfReport(
                config.url(),
                config.queryLabel(),
                config.concurrency(),
                micros.getTotalCount(),
                rows,
                bytes,
                errors.count(),
                errors.firstDistinct(),
                elapsed,
                micros.getTotalCount() == 0 ? 0 : micros.getMean() / 1000.0,
                micros.getValueAtPercentile(50) / 1000.0,
                micros.getValueAtPercentile(95) / 1000.0,
                micros.getValueAtPercentile(99) / 1000.0,
                micros.getValueAtPercentile(99.9) / 1000.0,
                micros.getMaxValue() / 1000.0,
                history);
    }

    /** Measured queries whose job's own lifetime the gateway reported. */
    public int jobSamples() {
        return history.jobSamples();
    }

    /** The median of the jobs' own lifetimes; NaN without samples. */
    public double jobP50Millis() {
        return history.p50("job_ms");
    }

    /** The median of the clients' waits beyond their jobs' lifetimes; NaN without samples. */
    public double beyondJobP50Millis() {
        return history.p50("beyond_job_ms");
    }

    public double queriesPerSecond() {
        return perSecond(queries);
    }

    public double rowsPerSecond() {
        return perSecond(rows);
    }

    /** Megabytes (10^6 bytes) of values read per second. */
    public double megabytesPerSecond() {
        return perSecond(bytes) / 1e6;
    }

    private double perSecond(long amount) {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds == 0 ? 0 : amount / seconds;
    }

    /** Human-readable summary, one line of numbers and then the distinct errors. */
    public String toText() {
        StringBuilder text = new StringBuilder(String.format(
                Locale.ROOT,
                "%d queries in %.1f s at concurrency %d: %.1f queries/s, %.1f rows/s, %.2f MB/s; latency ms: avg %.1f,"
                        + " p50 %.1f,"
                        + " p95 %.1f, p99 %.1f, p99.9 %.1f, max %.1f; %d errors",
                queries,
                elapsed.toNanos() / 1e9,
                concurrency,
                queriesPerSecond(),
                rowsPerSecond(),
                megabytesPerSecond(),
                avgMillis,
                p50Millis,
                p95Millis,
                p99Millis,
                p999Millis,
                maxMillis,
                errors));
        if (jobSamples() > 0) {
            text.append(String.format(
                    Locale.ROOT,
                    "%n  job's own lifetime p50 %.1f ms, client's wait beyond it p50 %.1f ms (%d queries from SHOW"
                            + " QUERY HISTORY)",
                    jobP50Millis(),
                    beyondJobP50Millis(),
                    jobSamples()));
        }
        if (history.queries() > 0) {
            text.append(String.format(
                    Locale.ROOT,
                    "%n  phases p50 ms (%d queries from SHOW QUERY HISTORY): %s",
                    history.queries(),
                    history.describe()));
        }
        firstErrors.forEach(
                (message, count) -> text.append(String.format(Locale.ROOT, "%n  %6d x %s", count, message)));
        return text.toString();
    }

    /** One line of JSON with every field, for scripts. */
    public String toJson() {
        StringBuilder errorsJson = new StringBuilder("[");
        firstErrors.forEach((message, count) -> errorsJson
                .append(errorsJson.length() > 1 ? "," : "")
                .append("{\"message\":")
                .append(quote(message))
                .append(",\"count\":")
                .append(count)
                .append('}'));
        errorsJson.append(']');
        return String.format(
                Locale.ROOT,
                "{\"url\":%s,\"query\":%s,\"concurrency\":%d,\"queries\":%d,\"rows\":%d,\"bytes\":%d,"
                        + "\"errors\":%d,\"elapsed_s\":%.3f,\"qps\":%.2f,\"rows_per_s\":%.2f,\"mb_per_s\":%.3f,"
                        + "\"avg_ms\":%.3f,\"p50_ms\":%.3f,"
                        + "\"p95_ms\":%.3f,\"p99_ms\":%.3f,\"p999_ms\":%.3f,\"max_ms\":%.3f,\"job_samples\":%d,"
                        + "\"job_p50_ms\":%s,\"beyond_job_p50_ms\":%s,%s,\"first_errors\":%s}",
                quote(url),
                quote(query),
                concurrency,
                queries,
                rows,
                bytes,
                errors,
                elapsed.toNanos() / 1e9,
                queriesPerSecond(),
                rowsPerSecond(),
                megabytesPerSecond(),
                avgMillis,
                p50Millis,
                p95Millis,
                p99Millis,
                p999Millis,
                maxMillis,
                jobSamples(),
                jsonNumber(jobP50Millis()),
                jsonNumber(beyondJobP50Millis()),
                history.toJsonFields(),
                errorsJson);
    }

    /** A number to 3 decimals, or null for NaN, which JSON has no number for. */
    private static String jsonNumber(double value) {
        return Double.isNaN(value) ? "null" : String.format(Locale.ROOT, "%.3f", value);
    }

    static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
