package dev.sluice.gateway.avatica;

import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.RequestUser;
import dev.sluice.gateway.session.GatewaySession;
import dev.sluice.gateway.session.SessionRegistry;
import dev.sluice.gateway.session.WritesNotUndoneException;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.gateway.statement.PreparedSql;
import dev.sluice.planner.IdentifierQuoting;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.StatementPlanner;
import dev.sluice.planner.plan.StatementAnalysis;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.types.Row;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

import static java.util.Objects.requireNonNull;

/**
 * Avatica's server-side {@link Meta} over gateway sessions: each Avatica connection is one {@link GatewaySession},
 * each Avatica statement one {@link GatewayStatement}, which holds all of the statement's state. This class only
 * translates Avatica's calls and values to the session's and back.
 *
 * <p>The calls of {@code DatabaseMetaData} are answered by the superclass. Exceptions thrown here reach the client
 * through {@link SluiceErrors}, which gives each an SQLState.
 *
 * <p>Every call that names a connection finds its session through {@link SessionRegistry#requireOwned} with the
 * request's {@link RequestUser}: another user's connection is answered as one that does not exist.
 */
public final class SluiceMeta extends DatabaseMetadataMeta {
    private final SessionRegistry sessions;
    private final RequestUser requestUser;
    private final int maxStatementLength;
    private final FrameSizing frameSizing;
    private final ConnectionSettings connectionSettings = new ConnectionSettings();

    /**
     * @param requestUser the user of the request being handled, set by the HTTP layer around each call
     * @param maxStatementLength the longest statement accepted; every statement text a client sends is checked
     * @param frames how many rows a frame of a result holds
     * @param frameRows told the rows of every frame of a result sent
     */
    public SluiceMeta(
            SessionRegistry sessions,
            RequestUser requestUser,
            int maxStatementLength,
            FrameConfig frames,
            IntConsumer frameRows,
            String gatewayVersion,
            String flinkVersion) {
        super(gatewayVersion, flinkVersion);
        this.sessions = requireNonNull(sessions, "sessions is null");
        this.requestUser = requireNonNull(requestUser, "requestUser is null");
        this.maxStatementLength = maxStatementLength;
        this.frameSizing = new FrameSizing(frames, frameRows);
    }

    // ---- connections and statements

    @Override
    public void openConnection(ConnectionHandle ch, Map<String, String> info) {
        String id = ConnectionIds.requireUnguessable(requireConnectionId(ch.id));
        Map<String, String> properties = info == null ? Map.of() : info;
        IdentifierQuoting quoting = ConnectionSettings.quoting(properties); // refused before a session opens
        sessions.open(id, requestUser.require(), properties);
        connectionSettings.opened(id, quoting, WireForms.of(properties));
    }

    @Override
    public void closeConnection(ConnectionHandle ch) {
        GatewayUser user = requestUser.require();
        // another user's connection is left alone, and answered as the idempotent close of an unknown one
        if (ch.id != null && sessions.findOwned(ch.id, user) != null) {
            sessions.close(ch.id, user);
            connectionSettings.closed(ch.id);
        }
    }

    @Override
    public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties properties) {
        return connectionSettings.sync(ch.id, session(ch.id), properties);
    }

    @Override
    public StatementHandle createStatement(ConnectionHandle ch) {
        GatewayStatement statement = session(ch.id).createStatement();
        return new StatementHandle(ch.id, statement.id(), null);
    }

    @Override
    public void closeStatement(StatementHandle h) {
        GatewaySession session =
                h.connectionId == null ? null : sessions.findOwned(h.connectionId, requestUser.require());
        if (session != null) {
            session.closeStatement(h.id);
        }
    }

    /** The session of a request; a request without a connection id is malformed (Avatica decodes such JSON). */
    @Override
    GatewaySession session(String connectionId) {
        return sessions.requireOwned(requireConnectionId(connectionId), requestUser.require());
    }

    /** The session of a request about a statement; one without a statement handle is malformed, not an internal error. */
    private GatewaySession session(StatementHandle h) {
        if (h == null) {
            throw new MalformedRequestException("The request names no statement (statementHandle is missing)", null);
        }
        return session(h.connectionId);
    }

    private static String requireConnectionId(String connectionId) {
        if (connectionId == null) {
            throw new MalformedRequestException("The request names no connection (connectionId is missing)", null);
        }
        return connectionId;
    }

    // ---- execution

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
        // parsed and validated by Flink's planner, nothing submitted: a bad statement fails here, with its position
        GatewayStatement statement = session(ch.id).prepareStatement(analyze(ch.id, sql));
        PreparedSql prepared = requirePrepared(statement);
        return new StatementHandle(
                ch.id,
                statement.id(),
                PreparedSignatures.signature(sql, prepared.analysis(), connectionSettings.wireForms(ch.id)));
    }

    @Override
    @SuppressWarnings("deprecation")
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback) {
        return prepareAndExecute(h, sql, maxRowCount, -1, callback);
    }

    @Override
    public ExecuteResult prepareAndExecute(
            StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame, PrepareCallback callback) {
        return run(h, sql, maxRowCount, maxRowsInFirstFrame);
    }

    @Override
    @SuppressWarnings("deprecation")
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount) {
        return execute(h, parameterValues, (int) Math.min(Integer.MAX_VALUE, maxRowCount));
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame) {
        GatewayStatement statement = session(h)
                .findStatement(h.id)
                .orElseThrow(() -> notPrepared(h.id)); // a closed statement was prepared no longer
        return run(h, boundSql(requirePrepared(statement), parameterValues), -1, maxRowsInFirstFrame);
    }

    /** Runs a statement in its session, which dispatches it by its route. */
    private ExecuteResult run(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame) {
        GatewaySession session = session(h);
        GatewayStatement statement = session.requireStatement(h.id);
        PlannedStatement planned = analyze(h.connectionId, sql); // the one lexing and classifying of the statement
        StatementOutcome outcome;
        // a client that goes away while its statement plans, waits or runs (a DML waits for its job's end) has its
        // statement cancelled, as Statement.cancel() would: its job does not run on for nobody
        try (InFlightRequest.Registration ignored =
                InFlightRequest.whenCurrentAbandoned(() -> session.cancelStatement(h.id))) {
            outcome = session.execute(statement, planned, maxRowCount);
        }
        return new ExecuteResult(List.of(resultSet(h, session, statement, sql, outcome, maxRowsInFirstFrame)));
    }

    /**
     * Lexes and classifies a statement a client sent on connection {@code connectionId}, refusing it first if it is too
     * long; in the connection's quoting of identifiers, rewritten to Flink's.
     */
    private PlannedStatement analyze(String connectionId, String sql) {
        return StatementPlanner.analyze(
                sql,
                maxStatementLength,
                SessionOptions.MAX_STATEMENT_LENGTH.key(),
                connectionSettings.quoting(connectionId));
    }

    private static PreparedSql requirePrepared(GatewayStatement statement) {
        return statement.prepared().orElseThrow(() -> notPrepared(statement.id()));
    }

    private static UnsupportedOperationException notPrepared(int statementId) {
        return new UnsupportedOperationException("Statement " + statementId + " was not prepared on this gateway");
    }

    /** The prepared statement's text with its markers replaced by the bound values as typed literals. */
    private static String boundSql(PreparedSql prepared, List<TypedValue> parameterValues) {
        StatementAnalysis analysis = prepared.analysis();
        List<TypedValue> values = parameterValues == null ? List.of() : parameterValues;
        if (values.size() != analysis.template().parameterCount()) {
            throw new InvalidParameterException("The statement has "
                    + analysis.template().parameterCount() + " parameters, but " + values.size() + " were bound");
        }
        List<String> literals = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            literals.add(
                    analysis.template().isRowCount(i)
                            ? ParameterLiterals.rowCount(i, values.get(i))
                            : ParameterLiterals.literal(
                                    i, values.get(i), analysis.parameterType(i).orElse(null)));
        }
        return analysis.template().bind(literals);
    }

    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands) {
        GatewaySession session = session(h);
        GatewayStatement statement = session.requireStatement(h.id);
        long[] counts = new long[sqlCommands.size()];
        for (int i = 0; i < counts.length; i++) {
            StatementOutcome outcome = session.execute(statement, analyze(h.connectionId, sqlCommands.get(i)), -1);
            if (!(outcome instanceof StatementOutcome.UpdateCount count)) {
                statement.close();
                throw new UnsupportedOperationException(
                        "Batch statement " + (i + 1) + " returns rows; a batch may only hold DDL, DML and SET");
            }
            counts[i] = batchCount(count);
        }
        return new ExecuteBatchResult(counts);
    }

    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues) {
        GatewaySession session = session(h);
        GatewayStatement statement = session.requireStatement(h.id);
        boolean preparedQuery = statement
                .prepared()
                .map(prepared -> prepared.analysis().kind() == StatementKind.QUERY)
                .orElse(false);
        if (preparedQuery) {
            // refused before any row runs: a query in a batch would otherwise run as a job and then be refused
            throw new UnsupportedOperationException("A batch may only hold statements without rows (DML), not a query");
        }
        long[] counts = new long[parameterValues.size()];
        for (int i = 0; i < counts.length; i++) {
            // bound like any statement a client sends: the bound values can make it longer than its template
            StatementOutcome outcome = session.execute(
                    statement,
                    analyze(h.connectionId, boundSql(requirePrepared(statement), parameterValues.get(i))),
                    -1);
            if (!(outcome instanceof StatementOutcome.UpdateCount count)) {
                statement.close();
                throw new UnsupportedOperationException("A batch may only hold statements without rows (DML)");
            }
            counts[i] = batchCount(count);
        }
        return new ExecuteBatchResult(counts);
    }

    /**
     * A batch entry's count: JDBC's {@link java.sql.Statement#SUCCESS_NO_INFO} where Flink does not know how many rows
     * a DML job wrote (0 would say falsely that none changed).
     */
    private static long batchCount(StatementOutcome.UpdateCount count) {
        return count.known() ? count.count() : java.sql.Statement.SUCCESS_NO_INFO;
    }

    /** Batches over protobuf arrive in their wire form; over JSON through {@link #executeBatch}. */
    @Override
    public ExecuteBatchResult executeBatchProtobuf(StatementHandle h, List<Requests.UpdateBatch> batches) {
        List<List<TypedValue>> parameterValues = new ArrayList<>(batches.size());
        for (Requests.UpdateBatch batch : batches) {
            parameterValues.add(batch.getParameterValuesList().stream()
                    .map(TypedValue::fromProto)
                    .toList());
        }
        return executeBatch(h, parameterValues);
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) {
        GatewaySession session = session(h);
        GatewayStatement statement = session.requireStatement(h.id);
        // a fetch waits for rows, and a driver fetches ahead: a killed client leaves one here, and its statement (an
        // endless streaming query's job) is cancelled at once rather than when the result's idle timeout passes
        try (InFlightRequest.Registration ignored = InFlightRequest.whenCurrentAbandoned(() -> statement.cancel())) {
            return frame(statement, offset, fetchMaxRowCount, session, h.connectionId);
        }
    }

    @Override
    public boolean syncResults(StatementHandle sh, QueryState state, long offset) {
        // results live in the gateway's session; there is nothing to recreate after a client-side failover
        return false;
    }

    @Override
    public void commit(ConnectionHandle ch) {
        // every Flink statement takes effect when it completes (auto-commit); there is nothing pending to commit
        session(ch.id).endTransaction();
    }

    /**
     * Nothing to undo, as commit has nothing to do: pools, SQLAlchemy and Spring roll back every connection they
     * return or whose work failed. Refused only where it would hide a loss: with auto-commit off, after a statement
     * that wrote data, which Flink made take effect when it ran.
     */
    @Override
    public void rollback(ConnectionHandle ch) {
        int writes = session(ch.id).endTransaction();
        if (writes > 0 && !connectionSettings.autoCommit(ch.id)) {
            throw new WritesNotUndoneException(writes);
        }
    }

    @Override
    public Iterable<Object> createIterable(
            StatementHandle stmt,
            QueryState state,
            Signature signature,
            List<TypedValue> parameters,
            Frame firstFrame) {
        throw new UnsupportedOperationException("createIterable is a client-side call");
    }

    private MetaResultSet resultSet(
            StatementHandle h,
            GatewaySession session,
            GatewayStatement statement,
            String sql,
            StatementOutcome outcome,
            int maxRowsInFirstFrame) {
        if (outcome instanceof StatementOutcome.UpdateCount count) {
            // executeUpdate has no "unknown": a DML count Flink does not know is 0 there, SUCCESS_NO_INFO in a batch
            return MetaResultSet.count(h.connectionId, h.id, count.count());
        }
        StatementOutcome.Rows rows = (StatementOutcome.Rows) outcome;
        List<ColumnMetaData> columns = ColumnTypes.columns(rows.schema(), connectionSettings.wireForms(h.connectionId));
        Signature signature = new Signature(
                columns, sql, List.of(), Collections.emptyMap(), CursorFactory.LIST, StatementType.SELECT);
        Frame first = frame(statement, 0, maxRowsInFirstFrame, session, h.connectionId);
        return MetaResultSet.create(h.connectionId, h.id, false, signature, first);
    }

    /**
     * The next frame of the statement's result, of as many rows as {@link FrameSizing} gives for {@code requested}
     * (the client's fetch size, if any) and the result's types.
     */
    private Frame frame(
            GatewayStatement statement, long offset, int requested, GatewaySession session, String connectionId) {
        List<LogicalType> types =
                statement.resultSchema().map(SluiceMeta::types).orElse(List.of());
        GatewayStatement.Page page =
                statement.fetch(offset, frameSizing.rows(requested, types, statement.observedRowBytes()));
        if (types.isEmpty()) {
            types = types(page.schema());
        }
        List<Object> rows = new ArrayList<>(page.rows().size());
        long bytes = 0;
        // looked up once a frame: it is a lookup in the session's configuration, and a frame holds thousands of rows
        ZoneId zone = session.localTimeZone();
        WireForms forms = connectionSettings.wireForms(connectionId);
        for (Row row : page.rows()) {
            List<Object> wireRow = WireValues.row(row, types, zone, forms);
            bytes += FrameSizing.rowBytes(wireRow);
            rows.add(wireRow);
        }
        if (!rows.isEmpty()) {
            statement.observedRowBytes(bytes / rows.size());
        }
        frameSizing.sent(rows.size());
        return new Frame(page.offset(), page.done(), rows);
    }

    private static List<LogicalType> types(ResolvedSchema schema) {
        return schema.getColumns().stream()
                .map(Column::getDataType)
                .map(dataType -> dataType.getLogicalType())
                .toList();
    }
}
