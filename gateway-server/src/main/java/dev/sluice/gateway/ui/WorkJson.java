package dev.sluice.gateway.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sluice.gateway.health.ClusterState;
import dev.sluice.gateway.history.QuerySummary;
import dev.sluice.gateway.session.SessionSummary;
import dev.sluice.sessioncache.ClusterCapacity;

import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/** The JSON API: {@code /api/queries} (and {@code /api/queries/SESSION/STATEMENT}), {@code /api/sessions}, {@code /api/clusters}; described in docs/operating.md. */
final class WorkJson {
    private final ObjectMapper json = new ObjectMapper();
    private final GatewayWork work;

    WorkJson(GatewayWork work) {
        this.work = requireNonNull(work, "work is null");
    }

    byte[] queries() {
        return write(work.queries().stream().map(WorkJson::query).toList());
    }

    /**
     * The newest statement that statement {@code statementId} of session {@code sessionId} ran, as one object of
     * {@link #queries()}; what the driver's progress listener polls while the statement runs.
     */
    Optional<byte[]> query(String sessionId, int statementId) {
        return work.queries().stream()
                .filter(query -> query.sessionId().equals(sessionId) && query.statementId() == statementId)
                .findFirst() // newest first
                .map(query -> write(query(query)));
    }

    byte[] sessions() {
        return write(work.sessions().stream().map(WorkJson::session).toList());
    }

    byte[] clusters() {
        return write(work.clusters().stream().map(this::cluster).toList());
    }

    static Map<String, Object> query(QuerySummary query) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("session", query.sessionId());
        fields.put("session_closed", query.sessionClosed());
        fields.put("statement_id", query.statementId());
        fields.put("cluster", query.cluster());
        fields.put("started_at", query.startedAt().toString());
        fields.put("kind", query.kind());
        fields.put("statement", query.statement());
        fields.put("job_id", query.jobId());
        fields.put("state", query.state());
        fields.put("running", query.running());
        fields.put("phase", query.phase());
        fields.put("rows", query.rows());
        fields.put("phases_ms", query.phaseMillis());
        fields.put("elapsed_ms", query.elapsedMillis());
        fields.put("job_ms_after_submit", query.jobMillis());
        fields.put("beyond_job_ms", query.beyondJobMillis());
        fields.put("result_cache", query.resultCache());
        return fields;
    }

    static Map<String, Object> session(SessionSummary session) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", session.id());
        fields.put("cluster", session.cluster());
        fields.put("idle_ms", session.idleMillis());
        fields.put("running_statements", session.runningStatements());
        return fields;
    }

    Map<String, Object> cluster(ClusterState cluster) {
        Map<String, Object> fields = new LinkedHashMap<>();
        ClusterCapacity capacity = cluster.capacity();
        fields.put("name", cluster.name());
        fields.put("default", cluster.isDefault());
        fields.put("reachable", cluster.reachable());
        fields.put("problem", cluster.reachable() ? null : cluster.problem());
        fields.put("task_managers", capacity == null ? null : capacity.taskManagers());
        fields.put("total_slots", capacity == null ? null : capacity.totalSlots());
        fields.put("free_slots", capacity == null ? null : capacity.freeSlots());
        fields.put("admitted_jobs", work.admittedJobs(cluster.name()));
        fields.put("queued_queries", work.queuedQueries(cluster.name()));
        fields.put("dashboard", work.dashboardUrl(cluster.name()));
        return fields;
    }

    private byte[] write(Object items) { // lists and maps of strings and numbers
        try {
            return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(items);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("Writing maps of strings and numbers as JSON failed", e);
        }
    }
}
