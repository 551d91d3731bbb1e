package dev.sluice.planner.flink;

import org.apache.flink.streaming.api.operators.collect.AbstractCollectResultBuffer;
import org.apache.flink.streaming.api.operators.collect.CollectResultFetcher;
import org.apache.flink.streaming.api.operators.collect.CollectResultIterator;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * Finds the collect sink behind a query's {@code TableResult.collect()} iterator, so that Sluice reads the result with
 * its own reader (session-cache's {@code CollectResultReader}) instead of Flink's fetcher and its fixed 100 ms sleep.
 *
 * <p>Flink offers no public way to reach the sink: the planner keeps it in a wrapper class of its own class loader,
 * around a {@link CollectResultIterator} whose {@link CollectResultFetcher} knows the operator, the accumulator and
 * the result buffer. This class reads those fields, and only reads them: Flink's iterator is left untouched and is
 * never advanced, so it makes no request of its own. The fields are found by type where the planner's class is
 * concerned, by name in flink-runtime's classes, and a Flink whose classes differ fails the query with a message
 * that says so rather than quietly falling back to the slow path.
 */
public final class CollectSinkIntrospection {
    private static final Field ITERATOR_FETCHER = field(CollectResultIterator.class, "fetcher");
    private static final Field FETCHER_BUFFER = field(CollectResultFetcher.class, "buffer");
    private static final Field FETCHER_OPERATOR_UID = field(CollectResultFetcher.class, "operatorUid");
    private static final Field FETCHER_ACCUMULATOR = field(CollectResultFetcher.class, "accumulatorName");
    private static final Field FETCHER_RESULT_TIMEOUT = field(CollectResultFetcher.class, "resultFetchTimeout");

    private CollectSinkIntrospection() {}

    /**
     * The sink behind a query result, and how its rows become {@link Row}s: the operator that serves the rows, the
     * accumulator that keeps the rows left when the job ends, and an empty result buffer for the sink's serializer.
     *
     * @param resultFetchTimeout how long to wait for the job's final result once it has ended
     */
    public record CollectSink(
            AbstractCollectResultBuffer<RowData> buffer,
            String operatorUid,
            String accumulatorName,
            Duration resultFetchTimeout,
            Function<RowData, Row> toRow) {
        public CollectSink {
            requireNonNull(buffer, "buffer is null");
            requireNonNull(operatorUid, "operatorUid is null");
            requireNonNull(accumulatorName, "accumulatorName is null");
            requireNonNull(resultFetchTimeout, "resultFetchTimeout is null");
            requireNonNull(toRow, "toRow is null");
        }
    }

    /**
     * @param rows the iterator returned by {@code TableResult.collect()} of a query that runs a job
     * @throws UnsupportedFlinkVersionException if the iterator is not the planner's collect-sink wrapper
     */
    @SuppressWarnings("unchecked")
    public static CollectSink inspect(CloseableIterator<Row> rows) {
        requireNonNull(rows, "rows is null");
        CollectResultIterator<RowData> iterator = null;
        Function<RowData, Row> toRow = null;
        for (Field field : rows.getClass().getDeclaredFields()) {
            Object value = read(field, rows);
            if (value instanceof CollectResultIterator<?> collect) {
                iterator = (CollectResultIterator<RowData>) collect;
            } else if (value instanceof Function<?, ?> function) {
                toRow = (Function<RowData, Row>) function;
            }
        }
        if (iterator == null || toRow == null) {
            throw new UnsupportedFlinkVersionException("a query result of type "
                    + rows.getClass().getName() + " does not hold a collect-sink iterator and a row converter");
        }
        CollectResultFetcher<RowData> fetcher = (CollectResultFetcher<RowData>) read(ITERATOR_FETCHER, iterator);
        return new CollectSink(
                (AbstractCollectResultBuffer<RowData>) read(FETCHER_BUFFER, fetcher),
                (String) read(FETCHER_OPERATOR_UID, fetcher),
                (String) read(FETCHER_ACCUMULATOR, fetcher),
                Duration.ofMillis((Long) read(FETCHER_RESULT_TIMEOUT, fetcher)),
                toRow);
    }

    private static Field field(Class<?> type, String name) {
        try {
            Field field = type.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new UnsupportedFlinkVersionException(type.getName() + " has no field '" + name + "'");
        }
    }

    private static Object read(Field field, Object target) {
        try {
            field.setAccessible(true);
            return field.get(target);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new UnsupportedFlinkVersionException(
                    "cannot read " + field.getDeclaringClass().getName() + "." + field.getName() + ": " + e);
        }
    }

    /** The Flink on the class path is not the one whose collect sink Sluice knows how to read. */
    public static final class UnsupportedFlinkVersionException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        UnsupportedFlinkVersionException(String detail) {
            super("Sluice reads query results from Flink 2.3's collect sink, and this Flink differs: " + detail);
        }
    }
}
