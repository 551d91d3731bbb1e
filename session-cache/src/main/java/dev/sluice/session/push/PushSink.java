package dev.sluice.session.push;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.table.data.RowData;

import java.io.IOException;

import static java.util.Objects.requireNonNull;

/** The Sink V2 of a pushed result: one writer that sends every row, of every row kind, to the gateway. */
final class PushSink implements Sink<RowData> {
    private static final long serialVersionUID = 1L;

    private final PushSinkSettings settings;

    PushSink(PushSinkSettings settings) {
        this.settings = requireNonNull(settings, "settings is null");
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) throws IOException {
        return PushSinkWriter.open(settings, context);
    }
}
