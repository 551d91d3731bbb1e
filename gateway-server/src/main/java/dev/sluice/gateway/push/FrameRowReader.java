package dev.sluice.gateway.push;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;

import java.io.IOException;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Reads the rows of a pushed result's frames (a row count, then the rows in the result's serializer) on the consumer's
 * thread, keeping the part of a frame that one call did not take for the next. Not thread-safe.
 */
final class FrameRowReader<T> {
    private final long resultId;
    private final TypeSerializer<T> serializer;
    private final DataInputDeserializer frame = new DataInputDeserializer();
    private int rowsLeft;

    FrameRowReader(long resultId, TypeSerializer<T> serializer) {
        this.resultId = resultId;
        this.serializer = requireNonNull(serializer, "serializer is null");
    }

    /** Whether rows of the last frame have not been read yet. */
    boolean hasRowsLeft() {
        return rowsLeft > 0;
    }

    /** Starts on {@code payload}, a new frame; the previous one must have been read to its end. */
    void start(byte[] payload) {
        frame.setBuffer(payload);
        try {
            rowsLeft = frame.readInt();
        } catch (IOException e) {
            throw new PushedResultException("A frame of result " + resultId + " has no row count", e);
        }
    }

    /** Adds the frame's next rows to {@code rows} until it holds {@code maxRows} or the frame has no more. */
    void readInto(List<T> rows, int maxRows) {
        try {
            while (rowsLeft > 0 && rows.size() < maxRows) {
                rows.add(serializer.deserialize(frame));
                rowsLeft--;
            }
        } catch (IOException | RuntimeException e) {
            throw new PushedResultException(
                    "Rows of result " + resultId + " could not be read with the result's row type", e);
        }
    }
}
