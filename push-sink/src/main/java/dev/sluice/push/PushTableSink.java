package dev.sluice.push;

import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DataStreamSinkProvider;
import org.apache.flink.table.connector.sink.DynamicTableSink;

import static java.util.Objects.requireNonNull;

/**
 * The table side of the push sink (a {@link PushSinkOperator} behind a {@link DataStreamSinkProvider}): accepts a full changelog (inserts, updates before and after, deletes), so that a
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
        // The one writer's parallelism is set on the stream (PushStreamSink) rather than declared to the planner
        // (SinkV2Provider.of(sink, 1)), because the planner refuses a declared sink parallelism that differs from its
        // input's for an updating result without a primary key.
        return (DataStreamSinkProvider) (providerContext, rows) -> PushStreamSink.of(rows, settings, asSummaryString());
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
