package dev.sluice.gateway.result;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a streaming-mode changelog (inserts, retractions, updates) until the job ends, then pages the final table.
 *
 * <p>JDBC has no way to take back a row already sent, so a changelog must be folded before the first row goes out.
 * This is only possible for bounded queries; the size of the folded result is capped.
 */
public final class MaterializedResultCursor implements ResultCursor {
    private final Iterator<Row> finalRows;
    private final long maxRows;
    private long returned;
    private boolean done;

    /** A cursor bounded in rows only. */
    public MaterializedResultCursor(CloseableIterator<Row> changelog, int maxMaterializedRows, long maxRows) {
        this(changelog, new MaterializedLimits(maxMaterializedRows, Long.MAX_VALUE), maxRows);
    }

    /**
     * Folds {@code changelog} to its end.
     *
     * @throws ResultTooLargeException once the folded table holds more than {@code limits} allow
     */
    public MaterializedResultCursor(CloseableIterator<Row> changelog, MaterializedLimits limits, long maxRows) {
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
        this.finalRows = rows.iterator();
        this.maxRows = maxRows;
    }

    @Override
    public List<Row> next(int pageSize) {
        List<Row> page = new ArrayList<>(Math.min(pageSize, 1024));
        while (!done && page.size() < pageSize) {
            if ((maxRows > 0 && returned >= maxRows) || !finalRows.hasNext()) {
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
        done = true;
    }
}
