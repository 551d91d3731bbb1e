package dev.sluice.gateway.history;

import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * One statement of one session as the gateway's web page and its JSON API show it.
 *
 * @param statementId the session's statement that ran it; -1 when not known
 * @param state {@code running}, {@code finished}, {@code closed early} or {@code failed: <reason>}, as in
 *     {@code SHOW QUERY HISTORY}
 * @param phase where a running statement is: {@code planning}, {@code running}, {@code reading} or
 *     {@code delivering}; {@code ended} once it ended
 * @param rows rows of its result that came from its job so far
 * @param phaseMillis the phases it went through so far, in order, in milliseconds
 * @param elapsedMillis from its start to its end, or until now while it runs
 * @param jobMillis when its job was {@code created}, started {@code running} and {@code ended}, in milliseconds after
 *     the gateway submitted it, as the cluster recorded them; empty without a job or until the cluster told
 * @param beyondJobMillis how long its client waited beyond its job's own lifetime; null until known
 * @param resultCache what the result cache did for it ({@code hit}, {@code miss}, {@code skip}); null if it was not
 *     asked
 * @param sessionClosed whether its session has closed: it is kept for a while after (see {@link ClosedSessionHistory})
 */
public record QuerySummary(
        String sessionId,
        int statementId,
        String cluster,
        Instant startedAt,
        String kind,
        String statement,
        @Nullable String jobId,
        String state,
        boolean running,
        String phase,
        long rows,
        Map<String, Double> phaseMillis,
        double elapsedMillis,
        Map<String, Double> jobMillis,
        @Nullable Double beyondJobMillis,
        @Nullable String resultCache,
        boolean sessionClosed) {
    public QuerySummary {
        requireNonNull(sessionId, "sessionId is null");
        requireNonNull(cluster, "cluster is null");
        requireNonNull(startedAt, "startedAt is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(statement, "statement is null");
        requireNonNull(state, "state is null");
        requireNonNull(phase, "phase is null");
        // in the order the phases happened; Map.copyOf would lose it
        phaseMillis = Collections.unmodifiableMap(new LinkedHashMap<>(phaseMillis));
        jobMillis = Collections.unmodifiableMap(new LinkedHashMap<>(jobMillis));
    }
}
