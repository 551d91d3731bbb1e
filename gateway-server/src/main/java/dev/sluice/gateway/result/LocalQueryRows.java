package dev.sluice.gateway.result;

import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/** A result that Flink computed in the gateway without a job ({@code SHOW}, {@code DESCRIBE}, {@code EXPLAIN}). */
public final class LocalQueryRows implements QueryRows {
    private static final Logger LOG = LoggerFactory.getLogger(LocalQueryRows.class);

    private final CloseableIterator<Row> rows;
    private boolean done;

    public LocalQueryRows(CloseableIterator<Row> rows) {
        this.rows = requireNonNull(rows, "rows is null");
    }

    @Override
    public List<Row> next(int maxRows, Duration timeout) {
        List<Row> page = new ArrayList<>(Math.min(maxRows, 1024));
        while (page.size() < maxRows && rows.hasNext()) {
            page.add(rows.next());
        }
        done = !rows.hasNext();
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
            LOG.warn("Closing a local result failed", e);
        }
    }
}
