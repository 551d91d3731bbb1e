package dev.sluice.jdbc.shell;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The rows a changelog holds now, as the table view shows them: each change applied as it arrives, in at most
 * {@code maxRows} rows. Rows are a multiset (a query may hold the same row twice); a row is matched by equality.
 *
 * <p>Once the bound is hit, inserts that would pass it are left out and counted, and the table says so: the rows it
 * shows are still rows of the result, but not all of them. A retraction of a row that is not there (one left out at the
 * bound) changes nothing.
 *
 * <p>Not thread-safe: the table view applies changes and takes snapshots under its own lock.
 *
 * @param <R> a row, compared with {@link Object#equals}
 */
final class MaterializedTable<R> {
    private final int maxRows;
    private final List<R> rows = new ArrayList<>();
    // where the row that the last -U took out stood: its +U takes that place, so an updated row does not jump to the
    // end
    private int updatedAt = -1;
    private long changes;
    private long leftOut;

    MaterializedTable(int maxRows) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be at least 1, was " + maxRows);
        }
        this.maxRows = maxRows;
    }

    void apply(ChangeKind kind, R row) {
        requireNonNull(kind, "kind is null");
        requireNonNull(row, "row is null");
        changes++;
        switch (kind) {
            case INSERT -> {
                updatedAt = -1;
                add(rows.size(), row);
            }
            case UPDATE_BEFORE -> {
                updatedAt = rows.indexOf(row);
                if (updatedAt >= 0) {
                    rows.remove(updatedAt);
                }
            }
            case UPDATE_AFTER -> {
                add(updatedAt >= 0 ? updatedAt : rows.size(), row);
                updatedAt = -1;
            }
            case DELETE -> {
                updatedAt = -1;
                rows.remove(row);
            }
        }
    }

    private void add(int index, R row) {
        if (rows.size() < maxRows) {
            rows.add(index, row);
        } else {
            leftOut++;
        }
    }

    /** The rows now, in the order they came (an updated row in its old place). */
    List<R> rows() {
        return List.copyOf(rows);
    }

    int maxRows() {
        return maxRows;
    }

    /** Changes applied so far. */
    long changes() {
        return changes;
    }

    /** Inserts left out because the table held {@code maxRows} rows. */
    long leftOut() {
        return leftOut;
    }

    boolean boundHit() {
        return leftOut > 0;
    }
}
