package dev.sluice.gateway.session;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Passes an insert-only result (every batch-mode query) through page by page, as the job produces it.
 */
final class StreamingResultCursor implements ResultCursor {
    private static final Logger LOG = LoggerFactory.getLogger(StreamingResultCursor.class);

    private final CloseableIterator<Row> rows;
    private final long maxRows;
    private long returned;
    private boolean done;

    /** @param maxRows rows to return at most (JDBC {@code setMaxRows}); 0 or less for no limit */
    StreamingResultCursor(CloseableIterator<Row> rows, long maxRows) {
        this.rows = requireNonNull(rows, "rows is null");
        this.maxRows = maxRows;
    }

    @Override
    public List<Row> next(int pageSize) {
        List<Row> page = new ArrayList<>(Math.min(pageSize, 1024));
        while (!done && page.size() < pageSize) {
            if ((maxRows > 0 && returned >= maxRows) || !rows.hasNext()) {
                done = true;
                close();
                break;
            }
            Row row = rows.next();
            if (row.getKind() != RowKind.INSERT) {
                throw new IllegalStateException(
                        "A batch result must be insert-only, but a row of kind " + row.getKind() + " arrived");
            }
            page.add(row);
            returned++;
        }
        return page;
    }

    @Override
    public boolean isDone() {
        return done;
    }

    @Override
    public void close() {
        done = true;
        try {
            rows.close();
        } catch (Exception e) {
            LOG.warn("Closing a query result failed; its job may still be running", e);
        }
    }
}
