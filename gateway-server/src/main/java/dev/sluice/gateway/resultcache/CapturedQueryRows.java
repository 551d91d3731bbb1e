package dev.sluice.gateway.resultcache;

import dev.sluice.gateway.result.QueryRows;
import dev.sluice.gateway.result.RowSizes;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A query's rows on their way to its client, kept as they pass until the end, when they go to the {@link ResultFill};
 * rows beyond the bound of an entry, or a row that is not an insert, end the keeping and not the passing. Not
 * thread-safe, as the rows it wraps.
 */
final class CapturedQueryRows implements QueryRows {
    private final QueryRows rows;
    private final ResultFill fill;
    private final ResolvedSchema schema;
    private final long maxBytes;
    private @Nullable List<Row> kept = new ArrayList<>();
    private long bytes;
    private boolean ended;

    CapturedQueryRows(QueryRows rows, ResultFill fill, ResolvedSchema schema, long maxBytes) {
        this.rows = requireNonNull(rows, "rows is null");
        this.fill = requireNonNull(fill, "fill is null");
        this.schema = requireNonNull(schema, "schema is null");
        this.maxBytes = maxBytes;
    }

    @Override
    public List<Row> next(int maxRows, Duration timeout) {
        List<Row> batch = rows.next(maxRows, timeout);
        List<Row> keeping = kept;
        if (keeping != null) {
            for (Row row : batch) {
                bytes += RowSizes.estimate(row);
                if (row.getKind() != RowKind.INSERT || bytes > maxBytes) {
                    fill.notKept(
                            row.getKind() != RowKind.INSERT
                                    ? "its result is a changelog"
                                    : "its result takes more than " + maxBytes + " bytes");
                    keeping = null;
                    kept = null;
                    break;
                }
                keeping.add(row);
            }
        }
        if (!ended && (batch.isEmpty() || rows.isDone())) {
            ended = true;
            if (kept != null) {
                fill.complete(schema, kept, bytes);
                kept = null;
            }
        }
        return batch;
    }

    @Override
    public boolean isDone() {
        return rows.isDone();
    }

    @Override
    public void close() {
        kept = null;
        rows.close();
    }
}
