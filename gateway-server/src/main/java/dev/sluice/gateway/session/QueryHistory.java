package dev.sluice.gateway.session;

import dev.sluice.planner.StatementKind;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The last {@value #SIZE} statements of a session with their phase timings, which {@code SHOW QUERY HISTORY} lists;
 * a statement's end is also reported to the {@link QueryObserver}.
 *
 * <p>Thread-safe: a statement is started by the thread that executes it, and may end on the thread that fetches its
 * last rows while another lists the history.
 */
final class QueryHistory {
    private static final Logger LOG = LoggerFactory.getLogger(QueryHistory.class);

    static final int SIZE = 100;

    /** The columns of {@code SHOW QUERY HISTORY}: one row per statement, times in milliseconds. */
    static final ResolvedSchema SCHEMA = ResolvedSchema.of(
            Column.physical("started_at", DataTypes.STRING().notNull()),
            Column.physical("statement", DataTypes.STRING().notNull()),
            Column.physical("kind", DataTypes.STRING().notNull()),
            Column.physical("job_id", DataTypes.STRING()),
            Column.physical("outcome", DataTypes.STRING().notNull()),
            Column.physical("plan_ms", DataTypes.DOUBLE()),
            Column.physical("plan_cache", DataTypes.STRING()),
            Column.physical("queue_ms", DataTypes.DOUBLE()),
            Column.physical("submit_ms", DataTypes.DOUBLE()),
            Column.physical("start_ms", DataTypes.DOUBLE()),
            Column.physical("first_row_ms", DataTypes.DOUBLE()),
            Column.physical("last_row_ms", DataTypes.DOUBLE()),
            Column.physical("total_ms", DataTypes.DOUBLE().notNull()),
            Column.physical("polls", DataTypes.INT()));

    private final String sessionId;
    private final String clusterName;
    private final QueryObserver observer;
    private final SessionClock clock;
    // guarded by itself
    private final ArrayDeque<QueryTrace> traces = new ArrayDeque<>();

    QueryHistory(String sessionId, String clusterName, QueryObserver observer, SessionClock clock) {
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
        this.clusterName = requireNonNull(clusterName, "clusterName is null");
        this.observer = requireNonNull(observer, "observer is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    /** Starts the trace of a statement now; the oldest trace goes when the history is full. */
    QueryTrace start(String sql, StatementKind kind) {
        return start(sql, kind, -1);
    }

    /** Starts the trace of statement {@code statementId} of the session now. */
    QueryTrace start(String sql, StatementKind kind, int statementId) {
        QueryTrace trace = new QueryTrace(sql, kind, clock.now(), clock.nanoTime(), statementId);
        synchronized (traces) {
            if (traces.size() == SIZE) {
                traces.removeFirst();
            }
            traces.addLast(trace);
        }
        observer.started(clusterName, kind);
        return trace;
    }

    /** The statement failed before it had a result; only its history entry says so, as it has no phases to report. */
    void failed(QueryTrace trace, Throwable failure) {
        finish(trace, QueryOutcome.of(failure), "failed: " + failure.getMessage());
    }

    /** The statement, or the reading of its result, ended now; only its first end counts. */
    void finish(QueryTrace trace, QueryOutcome outcome, String how) {
        if (trace.ended(how, clock.nanoTime())) {
            observer.finished(clusterName, trace.kind(), outcome, trace.phases());
            LOG.debug("Session {}: {} statement {} after {}", sessionId, trace.kind(), how, trace.phases());
        }
    }

    /** Every statement in the history, newest last. */
    List<QuerySummary> summaries() {
        long now = clock.nanoTime();
        List<QuerySummary> summaries = new ArrayList<>();
        synchronized (traces) {
            traces.forEach(trace -> summaries.add(trace.summary(sessionId, clusterName, now)));
        }
        return summaries;
    }

    /** The result of {@code SHOW QUERY HISTORY}: the traces, newest last; a running statement's total is so far. */
    StatementOutcome.Rows show() {
        long now = clock.nanoTime();
        List<Row> rows = new ArrayList<>();
        synchronized (traces) {
            traces.forEach(trace -> rows.add(trace.toRow(now)));
        }
        return new StatementOutcome.Rows(SCHEMA, new ListResultCursor(rows));
    }
}
