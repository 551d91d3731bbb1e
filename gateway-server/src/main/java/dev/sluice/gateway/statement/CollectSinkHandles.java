package dev.sluice.gateway.statement;

import dev.sluice.jobs.CollectSinkHandle;
import dev.sluice.planner.flink.CollectSinkIntrospection;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * Turns the collect sink that the planner finds behind a query's result ({@link CollectSinkIntrospection}, which reads
 * Flink's internal fields) into the handle that session-cache's reader takes: the planner does not depend on
 * session-cache, so the gateway, which depends on both, joins them.
 */
final class CollectSinkHandles {
    private CollectSinkHandles() {}

    /** The sink behind a query result, and how its rows become {@link Row}s. */
    record CollectSink(CollectSinkHandle<RowData> handle, Function<RowData, Row> toRow) {
        CollectSink {
            requireNonNull(handle, "handle is null");
            requireNonNull(toRow, "toRow is null");
        }
    }

    /**
     * @param rows the iterator returned by {@code TableResult.collect()} of a query that runs a job
     * @throws CollectSinkIntrospection.UnsupportedFlinkVersionException if the iterator is not the planner's
     *     collect-sink wrapper
     */
    static CollectSink inspect(CloseableIterator<Row> rows) {
        CollectSinkIntrospection.CollectSink sink = CollectSinkIntrospection.inspect(rows);
        CollectSinkHandle<RowData> handle = new CollectSinkHandle<>(
                sink.buffer(), sink.operatorUid(), sink.accumulatorName(), sink.resultFetchTimeout());
        return new CollectSink(handle, sink.toRow());
    }
}
