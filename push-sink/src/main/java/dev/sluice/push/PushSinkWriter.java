package dev.sluice.push;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.RowData;

import java.io.IOException;

/**
 * Writes a query's rows to the gateway: batches them by bytes, sends a batch when it is full, when a row has waited
 * {@code flush-interval}, or at the end of the input, and ends with an end-of-result frame that the gateway
 * acknowledges. Runs on the task's mailbox thread only (writes, flushes and its timer alike), so it needs no lock.
 */
final class PushSinkWriter {
    private final PushSinkSettings settings;
    private final TypeSerializer<RowData> serializer;
    private final ProcessingTimeService timers;
    private final PushConnection connection;
    private final DataOutputSerializer batch;
    private int rowsInBatch;
    private long rowsSent;
    private boolean timerPending;
    private boolean ended;

    private PushSinkWriter(
            PushSinkSettings settings,
            TypeSerializer<RowData> serializer,
            ProcessingTimeService timers,
            PushConnection connection) {
        this.settings = settings;
        this.serializer = serializer;
        this.timers = timers;
        this.connection = connection;
        this.batch = new DataOutputSerializer(Math.min(settings.batchBytes(), 64 * 1024) + 1024);
    }

    /**
     * Connects at once, so that the first row goes out without waiting for a connection.
     *
     * @param attempt the attempt number of the sink's task; a restarted attempt replaces the first one's connection
     * @param parallelism the sink's number of subtasks, which must be 1
     */
    static PushSinkWriter open(
            PushSinkSettings settings,
            TypeSerializer<RowData> serializer,
            ProcessingTimeService timers,
            JobID jobId,
            int attempt,
            int parallelism)
            throws IOException {
        if (parallelism != 1) {
            // one ordered stream per result: the gateway expects exactly one connection per attempt
            throw new IllegalStateException("The push sink must run with parallelism 1, was " + parallelism);
        }
        PushWire.Hello hello = new PushWire.Hello(
                settings.resultId(), settings.secret(), jobId.getUpperPart(), jobId.getLowerPart(), attempt);
        PushConnection connection = PushConnection.open(settings, hello);
        return new PushSinkWriter(settings, serializer, timers, connection);
    }

    /** Adds a row to the batch, and sends the batch when it is full. */
    void write(RowData row) throws IOException {
        if (ended) {
            throw new IllegalStateException("Row after the end of the result sent to " + settings.address());
        }
        // the row kind is part of the serialized row (the first byte of a binary row's header)
        serializer.serialize(row, batch);
        rowsInBatch++;
        if (batch.length() > PushWire.MAX_FRAME_BYTES - PushWire.ROWS_HEADER_BYTES) {
            throw new IOException("A row of the result is too large for the push sink to " + settings.address()
                    + ": the batch reached " + batch.length() + " bytes, a frame holds at most "
                    + PushWire.MAX_FRAME_BYTES);
        }
        if (batch.length() >= settings.batchBytes()) {
            send();
        } else if (!timerPending) {
            timerPending = true;
            long now = timers.getCurrentProcessingTime();
            timers.registerTimer(now + settings.flushInterval().toMillis(), time -> {
                timerPending = false;
                send();
            });
        }
    }

    /** Sends the batch; at the end of the input, also the end of the result, and waits for its acknowledgement. */
    void flush(boolean endOfInput) throws IOException {
        send();
        if (endOfInput && !ended) {
            ended = true;
            connection.sendEndAndAwaitAck(rowsSent, (int) settings.ackTimeout().toMillis());
        }
    }

    private void send() throws IOException {
        if (rowsInBatch == 0) {
            return;
        }
        connection.sendRows(batch.getSharedBuffer(), batch.length(), rowsInBatch);
        rowsSent += rowsInBatch;
        rowsInBatch = 0;
        batch.clear();
    }

    void close() throws IOException {
        // after a failure this closes without the end frame, which the gateway takes as a failure
        connection.close();
    }
}
