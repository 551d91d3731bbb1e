package dev.sluice.gateway.push;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * What the results of one endpoint hold in the gateway's heap, for /metrics: the bytes of received rows not yet taken
 * by their consumers, the most one result ever held, and how many results hold their sink back. Thread-safe.
 */
public final class PushBufferStats {
    private final AtomicLong bufferedBytes = new AtomicLong();
    private final LongAccumulator peakResultBytes = new LongAccumulator(Math::max, 0);
    private final AtomicInteger pausedResults = new AtomicInteger();

    /** A result's buffer changed by {@code delta} bytes and now holds {@code resultBytes}. */
    void changed(long delta, long resultBytes) {
        if (delta != 0) {
            bufferedBytes.addAndGet(delta);
        }
        peakResultBytes.accumulate(resultBytes);
    }

    void paused() {
        pausedResults.incrementAndGet();
    }

    void resumed() {
        pausedResults.decrementAndGet();
    }

    /** Bytes of rows received by every open result and not yet taken by their consumers. */
    public long bufferedBytes() {
        return bufferedBytes.get();
    }

    /** The most bytes any one result has held at once since the endpoint started. */
    public long peakResultBytes() {
        return peakResultBytes.get();
    }

    /** Results whose buffer is full, so that their connection is not read and their sink blocks. */
    public int pausedResults() {
        return pausedResults.get();
    }
}
