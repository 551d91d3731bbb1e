package dev.sluice.gateway.result;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Applies a streaming-mode changelog (inserts, retractions, updates) until the job ends, then pages the final table.
 *
 * <p>JDBC has no way to take back a row already sent, so a changelog must be folded before the first row goes out.
 * This is only possible for bounded queries; the size of the folded result is capped. The fold runs in the first
 * fetch, not when the cursor is made: by then the statement holds the result, so its cancel (or its client's going
 * away) reaches the fold and stops the job.
 */
public final class MaterializedResultCursor implements ResultCursor {
    private final CloseableIterator<Row> changelog;
    private final MaterializedLimits limits;
    private final long maxRows;
    private @Nullable Iterator<Row> finalRows;
    private long returned;
    private boolean done;

    /** A cursor bounded in rows only. */
    public MaterializedResultCursor(CloseableIterator<Row> changelog, int maxMaterializedRows, long maxRows) {
        this(changelog, new MaterializedLimits(maxMaterializedRows, Long.MAX_VALUE), maxRows);
    }

    /** Folds {@code changelog} to its end at the first {@link #next}, within {@code limits}. */
    public MaterializedResultCursor(CloseableIterator<Row> changelog, MaterializedLimits limits, long maxRows) {
        this.changelog = requireNonNull(changelog, "changelog is null");
        this.limits = requireNonNull(limits, "limits is null");
        this.maxRows = maxRows;
    }

    /** @throws ResultTooLargeException once the folded table holds more than the limits allow */
    private static Iterator<Row> fold(CloseableIterator<Row> changelog, MaterializedLimits limits) {
        Map<Row, Integer> counts = new LinkedHashMap<>();
        int size = 0;
        long bytes = 0;
        try (changelog) {
            while (changelog.hasNext()) {
                Row change = changelog.next();
                RowKind kind = change.getKind();
                Row row = Row.copy(change);
                row.setKind(RowKind.INSERT);
                switch (kind) {
                    case INSERT, UPDATE_AFTER -> {
                        counts.merge(row, 1, Integer::sum);
                        size++;
                        bytes += RowSizes.estimate(row);
                        if (size > limits.rows()) {
                            throw ResultTooLargeException.rows(limits.rows());
                        }
                        if (bytes > limits.bytes()) {
                            throw ResultTooLargeException.bytes(limits.bytes());
                        }
                    }
                    case DELETE, UPDATE_BEFORE -> {
                        Integer count = counts.get(row);
                        if (count != null) {
                            if (count == 1) {
                                counts.remove(row);
                            } else {
                                counts.put(row, count - 1);
                            }
                            size--;
                            bytes -= RowSizes.estimate(row);
                        }
                    }
                }
            }
        } catch (Exception e) {
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException("Closing a streaming result failed", e);
        }
        List<Row> rows = new ArrayList<>(Math.max(size, 0));
        counts.forEach((row, count) -> {
            for (int i = 0; i < count; i++) {
                rows.add(row);
            }
        });
        return rows.iterator();
    }

    @Override
    public List<Row> next(int pageSize) {
        if (finalRows == null && !done) {
            try {
                finalRows = fold(changelog, limits);
            } catch (RuntimeException e) {
                done = true;
                throw e;
            }
        }
        List<Row> page = new ArrayList<>(Math.min(pageSize, 1024));
        while (!done && page.size() < pageSize) {
            if ((maxRows > 0 && returned >= maxRows) || finalRows == null || !finalRows.hasNext()) {
                done = true;
                break;
            }
            page.add(finalRows.next());
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
        if (finalRows == null && !done) {
            try {
                changelog.close(); // never folded: its job is cancelled
            } catch (Exception e) {
                // closing never throws; the job ends on its own clock
            }
        }
        done = true;
    }
}
