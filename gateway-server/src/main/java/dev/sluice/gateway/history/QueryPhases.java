package dev.sluice.gateway.history;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How long a statement spent in each phase; a phase it did not reach is absent.
 *
 * <ul>
 *   <li>{@code plan}: parse, validate, optimise and compile, until the job went to the executor;
 *   <li>{@code queue}: waiting for the cluster's admission (0 when a job could run at once);
 *   <li>{@code submit}: from admission until the cluster acknowledged the job;
 *   <li>{@code start}: until the job had left {@code INITIALIZING};
 *   <li>{@code first_row}: until the first row reached the gateway;
 *   <li>{@code last_row}: from the first row until the gateway knew the result had ended.
 * </ul>
 */
public record QueryPhases(Map<String, Duration> durations) {
    public static final String PLAN = "plan";
    public static final String QUEUE = "queue";
    public static final String SUBMIT = "submit";
    public static final String START = "start";
    public static final String FIRST_ROW = "first_row";
    public static final String LAST_ROW = "last_row";

    public QueryPhases {
        durations = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(durations));
    }
}
