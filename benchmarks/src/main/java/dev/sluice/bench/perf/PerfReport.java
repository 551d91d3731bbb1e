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
        double maxMillis) {
    public PerfReport {
        requireNonNull(url, "url is null");
        requireNonNull(query, "query is null");
        firstErrors = Map.copyOf(firstErrors);
        requireNonNull(elapsed, "elapsed is null");
    }

    static PerfReport of(
            PerfConfig config, Histogram micros, long rows, long bytes, ErrorSummary errors, Duration elapsed) {
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
                micros.getMaxValue() / 1000.0);
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
                        + "\"p95_ms\":%.3f,\"p99_ms\":%.3f,\"p999_ms\":%.3f,\"max_ms\":%.3f,\"first_errors\":%s}",
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
                errorsJson);
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
