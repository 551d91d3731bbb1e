package dev.sluice.session.push;

import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;

import static java.util.Objects.requireNonNull;

/**
 * The table side of the push sink: accepts a full changelog (inserts, updates before and after, deletes), so that a
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
        // parallelism 1: one ordered stream of rows, and one connection per attempt
        return SinkV2Provider.of(new PushSink(settings), 1);
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
