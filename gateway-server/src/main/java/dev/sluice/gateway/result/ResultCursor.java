package dev.sluice.gateway.result;

import org.apache.flink.types.Row;

import java.util.List;

/**
 * Rows of one result, read page by page so that a large result never sits whole in gateway memory.
 *
 * <p>Not thread-safe: its statement serialises fetches.
 */
public interface ResultCursor extends AutoCloseable {
    /**
     * Returns up to {@code maxRows} further rows, blocking until that many arrived or the result ended.
     *
     * @return fewer than {@code maxRows} rows only when the result has ended
     */
    List<Row> next(int maxRows);

    /** Whether every row has been returned. */
    boolean isDone();

    /** Releases the result; a job still running is cancelled. Never throws. */
    @Override
    void close();
}
