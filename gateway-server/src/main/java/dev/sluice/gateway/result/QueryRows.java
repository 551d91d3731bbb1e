package dev.sluice.gateway.result;

import org.apache.flink.types.Row;

import java.time.Duration;
import java.util.List;

/** The rows of one statement's result as they become available; not thread-safe. */
public interface QueryRows extends AutoCloseable {
    /**
     * Returns the next rows, at most {@code maxRows}, as soon as at least one is available.
     *
     * @param timeout how long to wait for a row; when it passes the query ends on the cluster
     * @return an empty list only when the result has ended
     */
    List<Row> next(int maxRows, Duration timeout);

    /** Whether every row has been returned. */
    boolean isDone();

    /** Releases the result; a job still running is cancelled. Never throws. */
    @Override
    void close();
}
