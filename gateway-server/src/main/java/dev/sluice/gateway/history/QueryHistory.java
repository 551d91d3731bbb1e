package dev.sluice.gateway.history;

import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.planner.StatementKind;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The last {@value #SIZE} statements of a session with their phase timings, which {@code SHOW QUERY HISTORY} lists
 * after those that its owner's closed sessions left in the {@link ClosedSessionHistory}; a statement's end is also
 * reported to the {@link QueryObserver}. When the session closes, its statements go to that closed-session history.
 *
 * <p>Bounded in bytes as well as in entries, because a client chooses how long its statements are: each statement
 * and failure message is cut to {@code maxStatementLength} characters, and the oldest entries go while the text held
 * is over {@code maxBytes} (at two bytes a character, the most a Java string takes).
 *
 * <p>Thread-safe: a statement is started by the thread that executes it, and may end on the thread that fetches its
 * last rows while another lists the history.
 */
public final class QueryHistory {
    private static final Logger LOG = LoggerFactory.getLogger(QueryHistory.class);

    static final int SIZE = 100;

    /**
     * The columns of {@code SHOW QUERY HISTORY}: one row per statement, times in milliseconds. The short columns come
     * first and the free text last, so that a shell whose table is wider than its terminal cuts only the text.
     */
    static final ResolvedSchema SCHEMA = ResolvedSchema.of(
            Column.physical("started_at", DataTypes.STRING().notNull()),
            Column.physical("kind", DataTypes.STRING().notNull()),
            Column.physical("total_ms", DataTypes.DOUBLE().notNull()),
            Column.physical("plan_ms", DataTypes.DOUBLE()),
            Column.physical("plan_cache", DataTypes.STRING()),
            Column.physical("result_cache", DataTypes.STRING()),
            Column.physical("queue_ms", DataTypes.DOUBLE()),
            Column.physical("submit_ms", DataTypes.DOUBLE()),
            Column.physical("start_ms", DataTypes.DOUBLE()),
            Column.physical("first_row_ms", DataTypes.DOUBLE()),
            Column.physical("last_row_ms", DataTypes.DOUBLE()),
            Column.physical("job_ms", DataTypes.DOUBLE()),
            Column.physical("job_running_ms", DataTypes.DOUBLE()),
            Column.physical("beyond_job_ms", DataTypes.DOUBLE()),
            Column.physical("polls", DataTypes.INT()),
            Column.physical("job_id", DataTypes.STRING()),
            // null for this session's statements, the id of the closed session that ran the others
            Column.physical("closed_session", DataTypes.STRING()),
            Column.physical("outcome", DataTypes.STRING().notNull()),
            Column.physical("statement", DataTypes.STRING().notNull()));

    private final String sessionId;
    private final String clusterName;
    private final QueryObserver observer;
    private final SessionClock clock;
    private final long maxChars;
    private final int maxStatementLength;
    private final GatewayUser owner;
    private final ClosedSessionHistory closedSessions;
    // guarded by itself
    private final ArrayDeque<QueryTrace> traces = new ArrayDeque<>();

    /** The history of a session of nobody in particular, whose statements nobody sees after it closed. */
    public QueryHistory(
            String sessionId,
            String clusterName,
            QueryObserver observer,
            SessionClock clock,
            int maxBytes,
            int maxStatementLength) {
        this(
                sessionId,
                clusterName,
                observer,
                clock,
                new HistoryLimits(maxBytes, maxStatementLength),
                GatewayUser.ANONYMOUS,
                ClosedSessionHistory.none());
    }

    /**
     * @param owner the session's user, whose closed sessions' statements it lists too
     * @param closedSessions where the statements of the owner's closed sessions are, and where this session's go when
     *     it closes
     */
    public QueryHistory(
            String sessionId,
            String clusterName,
            QueryObserver observer,
            SessionClock clock,
            HistoryLimits limits,
            GatewayUser owner,
            ClosedSessionHistory closedSessions) {
        this.maxChars = limits.maxBytes() / 2;
        this.maxStatementLength = limits.maxStatementLength();
        this.owner = requireNonNull(owner, "owner is null");
        this.closedSessions = requireNonNull(closedSessions, "closedSessions is null");
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
        this.clusterName = requireNonNull(clusterName, "clusterName is null");
        this.observer = requireNonNull(observer, "observer is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    /** Starts the trace of a statement now; the oldest trace goes when the history is full. */
    public QueryTrace start(String sql, StatementKind kind) {
        return start(sql, kind, -1);
    }

    /** Starts the trace of statement {@code statementId} of the session now. */
    public QueryTrace start(String sql, StatementKind kind, int statementId) {
        QueryTrace trace = new QueryTrace(cut(sql), kind, clock.now(), clock.nanoTime(), statementId);
        observer.started(clusterName, kind); // may refuse the statement: then it leaves no trace
        synchronized (traces) {
            traces.addLast(trace);
            trim();
        }
        return trace;
    }

    /** The statement failed before it had a result; only its history entry says so, as it has no phases to report. */
    public void failed(QueryTrace trace, Throwable failure) {
        finish(trace, QueryOutcome.of(failure), "failed: " + failure.getMessage());
    }

    /**
     * Drops the oldest traces while there are too many or they hold too much text, keeping the newest. The sum is
     * taken afresh each time because outcomes change as statements end; it is at most {@value #SIZE} additions.
     */
    private void trim() {
        long chars = 0;
        for (QueryTrace trace : traces) {
            chars += trace.textLength();
        }
        while (traces.size() > 1 && (traces.size() > SIZE || chars > maxChars)) {
            chars -= traces.removeFirst().textLength();
        }
    }

    /** {@code text}, cut to the longest a history entry keeps, saying how long it was. */
    String cut(String text) {
        if (text.length() <= maxStatementLength) {
            return text;
        }
        String note = "... (" + text.length() + " characters)";
        return text.substring(0, Math.max(0, maxStatementLength - note.length())) + note;
    }

    /** The statement, or the reading of its result, ended now; only its first end counts. */
    public void finish(QueryTrace trace, QueryOutcome outcome, String how) {
        if (trace.ended(cut(how), clock.nanoTime())) {
            synchronized (traces) {
                trim(); // the outcome's message may be long
            }
            observer.finished(clusterName, trace.kind(), outcome, trace.phases());
            LOG.debug("Session {}: {} statement {} after {}", sessionId, trace.kind(), how, trace.phases());
            // the row is listed from the trace, so it shows the job's lifetime once it arrives
            trace.readJobLifetime()
                    .ifPresent(reading -> reading.thenAccept(lifetime -> {
                        trace.jobLived(lifetime);
                        Duration beyondJob = trace.beyondJob();
                        if (beyondJob != null) {
                            observer.jobLived(clusterName, outcome, lifetime.lifetime(), beyondJob);
                        }
                    }));
        }
    }

    /** Every statement in the history, newest last. */
    public List<QuerySummary> summaries() {
        long now = clock.nanoTime();
        List<QuerySummary> summaries = new ArrayList<>();
        synchronized (traces) {
            traces.forEach(trace -> summaries.add(trace.summary(sessionId, clusterName, now, false)));
        }
        return summaries;
    }

    /**
     * The result of {@code SHOW QUERY HISTORY}: the statements the owner's closed sessions left, then this session's,
     * each newest last; a running statement's total is so far. This session's come last whatever their start, so that
     * its own newest statements are the last rows.
     */
    public StatementOutcome.Rows show() {
        long now = clock.nanoTime();
        List<Row> rows = new ArrayList<>(closedSessions.historyRows(owner));
        synchronized (traces) {
            traces.forEach(trace -> rows.add(trace.toRow(now, null)));
        }
        return new StatementOutcome.Rows(SCHEMA, new ListResultCursor(rows));
    }

    /** The session closed: its statements that ended go to the closed-session history, for its owner to see. */
    public void sessionClosed() {
        List<QueryTrace> held;
        synchronized (traces) {
            held = List.copyOf(traces);
        }
        closedSessions.keep(owner, sessionId, clusterName, held);
    }
}
