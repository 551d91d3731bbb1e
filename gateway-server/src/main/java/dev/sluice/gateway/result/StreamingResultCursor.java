package dev.sluice.gateway.result;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Passes a result through page by page, as the job produces it: an insert-only result (every batch-mode query, and a
 * streaming one whose plan makes only inserts) as it is, or, read as changes ({@link #ofChanges}), every row with its
 * kind in a first column.
 *
 * <p>A page is returned as soon as it has a row: the client gets the first row as soon as the gateway has it, and a
 * page is empty only when it is the last. Avatica's Go driver ends a result early at an empty page that is not the
 * last, and Python's phoenixdb fails on one, so the gateway holds a fetch until it has a row, the result ends, or the
 * query's timeout passes.
 */
public final class StreamingResultCursor implements ResultCursor {
    private final TimedQueryRows rows;
    private final long maxRows;
    private final boolean changes;
    private long returned;
    private boolean done;

    /** @param maxRows rows to return at most (JDBC {@code setMaxRows}); 0 or less for no limit */
    public StreamingResultCursor(TimedQueryRows rows, long maxRows) {
        this(rows, maxRows, false);
    }

    private StreamingResultCursor(TimedQueryRows rows, long maxRows, boolean changes) {
        this.rows = requireNonNull(rows, "rows is null");
        this.maxRows = maxRows;
        this.changes = changes;
    }

    /**
     * A cursor over a changelog read as changes: each row goes out with a first column, {@link ChangeColumn}, that
     * says what it does (+I, -U, +U, -D).
     */
    public static StreamingResultCursor ofChanges(TimedQueryRows rows, long maxRows) {
        return new StreamingResultCursor(rows, maxRows, true);
    }

    @Override
    public List<Row> next(int pageSize) {
        if (done) {
            return List.of();
        }
        int wanted = maxRows > 0 ? (int) Math.min(pageSize, maxRows - returned) : pageSize;
        List<Row> page;
        try {
            page = wanted <= 0 ? List.of() : rows.next(wanted);
        } catch (RuntimeException e) {
            close(); // a failed read ends the result; the client must not fetch on as if nothing happened
            throw e;
        }
        if (changes) {
            page = page.stream().map(ChangeColumn::prepend).toList();
        } else {
            for (Row row : page) {
                if (row.getKind() != RowKind.INSERT) {
                    close();
                    throw new IllegalStateException(
                            "An insert-only result was expected, but a row of kind " + row.getKind() + " arrived");
                }
            }
        }
        returned += page.size();
        if (page.isEmpty() || rows.isDone() || (maxRows > 0 && returned >= maxRows)) {
            close();
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
        rows.close();
    }
}
