package dev.sluice.gateway.result;

import org.apache.flink.types.Row;

import java.time.Duration;
import java.util.List;
import java.util.function.LongConsumer;

import static java.util.Objects.requireNonNull;

/** A query's rows, each batch counted as it comes from the job, so that a running statement can say how far it got. */
public final class CountedQueryRows implements QueryRows {
    private final QueryRows rows;
    private final LongConsumer counted;

    /** @param counted told the size of every batch that {@code rows} returns */
    public CountedQueryRows(QueryRows rows, LongConsumer counted) {
        this.rows = requireNonNull(rows, "rows is null");
        this.counted = requireNonNull(counted, "counted is null");
    }

    @Override
    public List<Row> next(int maxRows, Duration timeout) {
        List<Row> batch = rows.next(maxRows, timeout);
        counted.accept(batch.size());
        return batch;
    }

    @Override
    public boolean isDone() {
        return rows.isDone();
    }

    @Override
    public void close() {
        rows.close();
    }
}
