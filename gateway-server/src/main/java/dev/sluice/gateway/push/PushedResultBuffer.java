package dev.sluice.gateway.push;

import static java.util.Objects.requireNonNull;

/**
 * The rows a pushed result holds for its consumer, bounded in bytes: once {@code maxBufferedBytes} of rows wait, the
 * sink's connection is no longer read, so TCP blocks the sink. It counts as held back until the consumer has taken
 * half, not the first frame, so that a fast sink and a slow consumer do not pause and resume the connection at every
 * frame. Each change goes into the endpoint's {@link PushBufferStats}, for /metrics.
 *
 * <p>Guarded by the result's lock.
 */
final class PushedResultBuffer {
    private final ResultFrames frames = new ResultFrames();
    private final long maxBufferedBytes;
    private final PushBufferStats stats;
    private boolean paused;

    PushedResultBuffer(long maxBufferedBytes, PushBufferStats stats) {
        this.maxBufferedBytes = maxBufferedBytes;
        this.stats = requireNonNull(stats, "stats is null");
    }

    /** Keeps a ROWS frame's payload; if that fills the buffer, stops reading {@code connection}, which sent it. */
    void add(byte[] payload, int rowCount, SinkConnection connection) {
        long before = frames.bytes();
        frames.add(payload, rowCount);
        stats.changed(frames.bytes() - before, frames.bytes());
        if (!paused && frames.bytes() >= maxBufferedBytes) {
            paused = true;
            stats.paused();
            connection.pauseReading();
        }
    }

    /** Takes whole frames for the consumer, as {@link ResultFrames#take} does. */
    ResultFrames.Taken take(int maxRows) {
        long before = frames.bytes();
        ResultFrames.Taken taken = frames.take(maxRows);
        stats.changed(frames.bytes() - before, frames.bytes());
        return taken;
    }

    /**
     * Stops holding the sink back once the consumer has taken half of a full buffer; returns whether it did. The
     * caller resumes reading then: the connection that delivers the result now, which need not be the one paused (that
     * one may have been lost meanwhile).
     */
    boolean releaseIfHalfTaken() {
        if (paused && frames.bytes() <= maxBufferedBytes / 2) {
            unpause();
            return true;
        }
        return false;
    }

    /**
     * Drops the rows not taken, and stops counting the result as holding its sink back (the connection is closed or
     * replaced, or its rows are no longer wanted).
     */
    void clear() {
        long before = frames.bytes();
        frames.clear();
        stats.changed(-before, 0);
        unpause();
    }

    boolean isEmpty() {
        return frames.isEmpty();
    }

    /** Bytes of rows received and not yet taken. */
    long bytes() {
        return frames.bytes();
    }

    /** Whether the buffer is full, so that the sink's connection is not read. */
    boolean isPaused() {
        return paused;
    }

    private void unpause() {
        if (paused) {
            paused = false;
            stats.resumed();
        }
    }
}
