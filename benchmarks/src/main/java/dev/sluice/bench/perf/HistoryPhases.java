package dev.sluice.bench.perf;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The summary of a run's measured queries from a Sluice gateway's {@code SHOW QUERY HISTORY} ({@link HistorySamples}).
 *
 * @param queries finished queries whose rows were read
 * @param p50Millis the median of each phase column ({@code plan_ms} ... {@code beyond_job_ms}) over the queries that
 *     have it, in the history's column order; a phase no query has is absent
 * @param jobSamples queries whose job's own lifetime the gateway reported
 * @param planCache how many plans were a {@code hit}, {@code template}, {@code miss} or {@code skip} of the plan
 *     cache, and how many queries the result cache answered without a plan ({@code result})
 */
public record HistoryPhases(
        int queries, Map<String, Double> p50Millis, int jobSamples, Map<String, Integer> planCache) {
    /** Nothing read: another gateway, or a query without statements. */
    public static final HistoryPhases NONE = new HistoryPhases(0, Map.of(), 0, Map.of());

    public HistoryPhases {
        p50Millis = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(p50Millis, "p50Millis is null")));
        planCache = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(planCache, "planCache is null")));
    }

    /** The median of {@code phase} in milliseconds; NaN without samples. */
    public double p50(String phase) {
        return p50Millis.getOrDefault(phase, Double.NaN);
    }

    /** How many plans had {@code result} ({@code hit}, {@code miss}, {@code skip}). */
    public int planCache(String result) {
        return planCache.getOrDefault(result, 0);
    }

    /**
     * {@code plan 1.2, queue 0.0, ...; plan cache 0 hit, 0 template, 40 miss, 0 skip; 0 from the result cache}, for a
     * report line.
     */
    String describe() {
        String phases = p50Millis.entrySet().stream()
                .map(entry ->
                        String.format(Locale.ROOT, "%s %.1f", entry.getKey().replace("_ms", ""), entry.getValue()))
                .collect(Collectors.joining(", "));
        return phases + "; plan cache " + planCache("hit") + " hit, " + planCache("template") + " template, "
                + planCache("miss") + " miss, "
                + planCache("skip") + " skip; " + planCache("result") + " from the result cache";
    }

    /** {@code "history_queries":..,"phases_p50_ms":{..},"plan_cache":{..}}, fields of the report's JSON. */
    String toJsonFields() {
        String phases = p50Millis.entrySet().stream()
                .map(entry -> String.format(Locale.ROOT, "\"%s\":%.3f", entry.getKey(), entry.getValue()))
                .collect(Collectors.joining(",", "{", "}"));
        String cache = planCache.entrySet().stream()
                .map(entry -> "\"" + entry.getKey() + "\":" + entry.getValue())
                .collect(Collectors.joining(",", "{", "}"));
        return "\"history_queries\":" + queries + ",\"phases_p50_ms\":" + phases + ",\"plan_cache\":" + cache;
    }
}
