package dev.sluice.gateway.history;

import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.planner.SqlLexer;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;

import java.util.List;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * Answers {@code SHOW QUERIES} without a job: the statements running now in the sessions of the caller, newest first.
 * Nobody sees another user's statements (with authentication off, every session is the anonymous user's, so an
 * operator on loopback sees them all). Literals are shown as {@code ?}, as {@link SqlLexer#maskLiterals} does.
 */
public final class RunningQueriesAnswer {
    static final ResolvedSchema SCHEMA = ResolvedSchema.of(
            Column.physical("statement_id", DataTypes.INT().notNull()),
            Column.physical("session", DataTypes.STRING().notNull()),
            Column.physical("user", DataTypes.STRING()),
            Column.physical("cluster", DataTypes.STRING().notNull()),
            Column.physical("state", DataTypes.STRING().notNull()),
            Column.physical("started_at", DataTypes.STRING().notNull()),
            Column.physical("elapsed_ms", DataTypes.BIGINT().notNull()),
            Column.physical("rows", DataTypes.BIGINT().notNull()),
            Column.physical("job_id", DataTypes.STRING()),
            Column.physical("statement", DataTypes.STRING().notNull()));

    private final Supplier<List<OwnedQuery>> queries;

    /**
     * @param queries the statements the asking user sees, newest first: those of their own open sessions (an admin's:
     *     every session's), each with its session's user, named in its row (null for the anonymous user)
     */
    public RunningQueriesAnswer(Supplier<List<OwnedQuery>> queries) {
        this.queries = requireNonNull(queries, "queries is null");
    }

    public StatementOutcome.Rows show() {
        List<Row> rows = queries.get().stream()
                .filter(owned -> owned.query().running())
                .map(owned -> row(owned.owner(), owned.query()))
                .toList();
        return new StatementOutcome.Rows(SCHEMA, new ListResultCursor(rows));
    }

    private static Row row(GatewayUser owner, QuerySummary query) {
        return Row.of(
                query.statementId(),
                query.sessionId(),
                owner.equals(GatewayUser.ANONYMOUS) ? null : owner.name(),
                query.cluster(),
                query.phase(),
                query.startedAt().toString(),
                (long) query.elapsedMillis(),
                query.rows(),
                query.jobId(),
                SqlLexer.maskLiterals(query.statement()));
    }
}
