package dev.sluice.session.push;

import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DataStreamSinkProvider;
import org.apache.flink.table.connector.sink.DynamicTableSink;

import static java.util.Objects.requireNonNull;

/**
 * The table side of the push sink (a Sink V2 behind a {@link DataStreamSinkProvider}): accepts a full changelog (inserts, updates before and after, deletes), so that a
 * streaming query's result reaches the gateway with its row kinds as Flink's collect sink would deliver them.
 */
final class PushTableSink implements DynamicTableSink {
    private final PushSinkSettings settings;

    PushTableSink(PushSinkSettings settings) {
        this.settings = requireNonNull(settings, "settings is null");
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return ChangelogMode.all();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        // Parallelism 1: one ordered stream of rows, and one connection per attempt. It is set here on the stream
        // rather than declared to the planner (SinkV2Provider.of(sink, 1)), because the planner refuses a declared
        // sink parallelism that differs from its input's for an updating result without a primary key; as for
        // Flink's collect sink, all rows go to the one writer, and the rows of a key keep their order since they
        // come from one upstream subtask over one channel.
        return (DataStreamSinkProvider) (providerContext, rows) -> rows.global()
                .sinkTo(new PushSink(settings))
                .name(asSummaryString())
                .setParallelism(1);
    }

    @Override
    public DynamicTableSink copy() {
        return new PushTableSink(settings);
    }

    @Override
    public String asSummaryString() {
        return "SluicePush";
    }
}
