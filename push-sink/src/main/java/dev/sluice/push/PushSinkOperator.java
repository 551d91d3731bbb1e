package dev.sluice.push;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.table.data.RowData;

import static java.util.Objects.requireNonNull;

/**
 * The operator of a pushed result: sends every row, of every row kind, to the gateway through a {@link
 * PushSinkWriter}.
 *
 * <p>Why an operator rather than a Sink V2: a Sink V2 writer's operator may yield to the task's mailbox, and Flink
 * never chains such an operator to a legacy source (a {@code SourceFunction}, which {@code datagen} and other table
 * sources still are), so behind such a source the sink would run as a task of its own behind an exchange, blocking
 * in batch mode: no row would reach the gateway before the source had finished. This operator never yields; its
 * flush timer runs on the task's mailbox thread like every other call, so it chains to any input.
 */
final class PushSinkOperator extends AbstractStreamOperator<Object>
        implements OneInputStreamOperator<RowData, Object>, BoundedOneInput {
    private static final long serialVersionUID = 1L;

    private final PushSinkSettings settings;
    private final TypeSerializer<RowData> serializer;
    private transient PushSinkWriter writer;

    PushSinkOperator(PushSinkSettings settings, TypeSerializer<RowData> serializer) {
        this.settings = requireNonNull(settings, "settings is null");
        this.serializer = requireNonNull(serializer, "serializer is null");
    }

    /** The same operator for another run: its rows' serializer, with {@code settings} (another ticket). */
    PushSinkOperator withSettings(PushSinkSettings settings) {
        return new PushSinkOperator(settings, serializer);
    }

    @Override
    public void open() throws Exception {
        super.open();
        TaskInfo task = getRuntimeContext().getTaskInfo();
        JobID jobId = getRuntimeContext().getJobInfo().getJobId();
        writer = PushSinkWriter.open(
                settings,
                serializer.duplicate(),
                getProcessingTimeService(),
                jobId,
                task.getAttemptNumber(),
                task.getNumberOfParallelSubtasks());
    }

    @Override
    public void processElement(StreamRecord<RowData> element) throws Exception {
        writer.write(element.getValue());
    }

    @Override
    public void endInput() throws Exception {
        writer.flush(true);
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        // a streaming query's rows go out before a checkpoint's barrier, as Flink's sinks flush before theirs
        writer.flush(false);
        super.prepareSnapshotPreBarrier(checkpointId);
    }

    @Override
    public void close() throws Exception {
        try {
            if (writer != null) {
                writer.close();
            }
        } finally {
            super.close();
        }
    }
}
