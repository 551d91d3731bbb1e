package dev.sluice.push;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.SimpleOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.api.transformations.LegacySinkTransformation;
import org.apache.flink.table.data.RowData;

/**
 * The end of a pushed query's stream: a {@link PushSinkOperator} as the stream's sink, with the parallelism and
 * chaining its one ordered result needs.
 */
final class PushStreamSink extends DataStreamSink<RowData> {
    private PushStreamSink(LegacySinkTransformation<RowData> transformation) {
        super(transformation);
    }

    /**
     * Adds the sink to {@code rows}' environment.
     *
     * <p>One writer: one ordered stream of rows, and one connection per attempt. Where it can, it runs in the same
     * task as the query's last operator, so that rows reach the gateway as that operator emits them; behind a
     * non-forward edge it would be a task of its own, in batch mode behind a blocking exchange that holds every row
     * until the whole upstream has finished, and with network buffers of its own.
     *
     * <ul>
     *   <li>An input whose parallelism the planner left to the cluster (-1: Flink's adaptive batch scheduler decides
     *       it at run time) gets a sink with parallelism left open too and at most 1: the edge is then a forward
     *       one, the two chain, and the scheduler runs the chain with one subtask.
     *   <li>An input with a fixed parallelism gets a sink of parallelism 1: a forward edge, chained, when the input
     *       has one subtask (a sort, a global aggregate); a rebalance to the one writer otherwise, which keeps the
     *       order of a key's rows as they come from one upstream subtask over one channel (as for Flink's collect
     *       sink).
     * </ul>
     */
    static PushStreamSink of(DataStream<RowData> rows, PushSinkSettings settings, String name) {
        PushSinkOperator operator = new PushSinkOperator(
                settings,
                rows.getType().createSerializer(rows.getExecutionConfig().getSerializerConfig()));
        LegacySinkTransformation<RowData> transformation = transformation(rows.getTransformation(), operator, name);
        rows.getExecutionEnvironment().addOperator(transformation);
        return new PushStreamSink(transformation);
    }

    /** The sink's transformation over {@code input}: {@code operator} with the parallelism explained at {@link #of}. */
    static LegacySinkTransformation<RowData> transformation(
            Transformation<RowData> input, PushSinkOperator operator, String name) {
        @SuppressWarnings("unchecked")
        StreamOperatorFactory<Object> factory =
                (StreamOperatorFactory<Object>) (StreamOperatorFactory<?>) SimpleOperatorFactory.of(operator);
        factory.setChainingStrategy(ChainingStrategy.ALWAYS);
        boolean inputParallelismOpen = input.getParallelism() == ExecutionConfig.PARALLELISM_DEFAULT;
        LegacySinkTransformation<RowData> transformation = new LegacySinkTransformation<>(
                input,
                name,
                factory,
                inputParallelismOpen ? ExecutionConfig.PARALLELISM_DEFAULT : 1,
                !inputParallelismOpen);
        if (inputParallelismOpen) {
            transformation.setMaxParallelism(1);
        }
        return transformation;
    }
}
