package dev.sluice.bench.perf;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static java.util.Objects.requireNonNull;

/**
 * One perf run: what to run, how hard, for how long.
 *
 * @param count measured queries in total, or 0 when the run is bounded by {@code duration}
 * @param duration measured time, or null when the run is bounded by {@code count}
 * @param warmupCount queries run and discarded before measuring (with {@code warmupDuration}, whichever is set)
 */
public record PerfConfig(
        String url,
        PerfQuery query,
        List<String> setup,
        int concurrency,
        long count,
        @Nullable Duration duration,
        long warmupCount,
        Duration warmupDuration,
        Map<String, String> properties,
        Duration progressInterval) {
    public PerfConfig {
        requireNonNull(url, "url is null");
        requireNonNull(query, "query is null");
        setup = List.copyOf(setup);
        properties = Map.copyOf(properties);
        requireNonNull(warmupDuration, "warmupDuration is null");
        requireNonNull(progressInterval, "progressInterval is null");
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1, was " + concurrency);
        }
        if (count < 0) {
            throw new IllegalArgumentException("--count must be at least 1, was " + count);
        }
        if ((count > 0) == (duration != null)) {
            throw new IllegalArgumentException("give exactly one of --count and --duration");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new IllegalArgumentException("--duration must be positive, was " + duration);
        }
        if (warmupCount < 0 || warmupDuration.isNegative()) {
            throw new IllegalArgumentException("--warmup must not be negative");
        }
    }

    /** A run of one SQL text ({@link PerfRun#GET_TABLES} for the metadata call), named {@code queryLabel}. */
    public PerfConfig(
            String url,
            String queryLabel,
            String sql,
            List<String> setup,
            int concurrency,
            long count,
            @Nullable Duration duration,
            long warmupCount,
            Duration warmupDuration,
            Map<String, String> properties,
            Duration progressInterval) {
        this(
                url,
                PerfQuery.of(queryLabel, sql),
                setup,
                concurrency,
                count,
                duration,
                warmupCount,
                warmupDuration,
                properties,
                progressInterval);
    }

    /** The query's name in reports. */
    public String queryLabel() {
        return query.label();
    }

    /** Connection properties for {@code DriverManager.getConnection}. */
    Properties connectionProperties() {
        Properties info = new Properties();
        info.putAll(properties);
        return info;
    }
}
