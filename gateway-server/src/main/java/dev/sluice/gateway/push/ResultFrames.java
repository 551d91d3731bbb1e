package dev.sluice.gateway.push;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** The frames of rows a result holds for its consumer, and their bytes; guarded by the result's lock. */
final class ResultFrames {
    private record Frame(byte[] payload, int rowCount) {}

    private final ArrayDeque<Frame> frames = new ArrayDeque<>();
    private long bytes;

    void add(byte[] payload, int rowCount) {
        if (rowCount > 0) {
            frames.add(new Frame(payload, rowCount));
            bytes += payload.length;
        }
    }

    boolean isEmpty() {
        return frames.isEmpty();
    }

    long bytes() {
        return bytes;
    }

    /**
     * Frames taken for the consumer.
     *
     * @param rows the rows they hold in all, so that the consumer's list is sized once
     */
    record Taken(List<byte[]> payloads, long rows) {
        static final Taken NONE = new Taken(List.of(), 0);
    }

    /** Takes whole frames until they hold {@code maxRows} rows or none are left; at least one if any. */
    Taken take(int maxRows) {
        List<byte[]> taken = new ArrayList<>();
        long rows = 0;
        while (!frames.isEmpty() && rows < maxRows) {
            Frame frame = frames.poll();
            bytes -= frame.payload().length;
            rows += frame.rowCount();
            taken.add(frame.payload());
        }
        return new Taken(taken, rows);
    }

    void clear() {
        frames.clear();
        bytes = 0;
    }
}
