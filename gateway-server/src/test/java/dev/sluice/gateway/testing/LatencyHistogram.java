package dev.sluice.gateway.testing;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * Latencies counted into buckets of fixed size, so that recording allocates nothing: the soak measures the heap, and a
 * list of samples would grow with the run. Values under 1,024 µs have a bucket each; above, each power of two is cut
 * into 512 buckets, so a percentile is off by at most 0.2 %. Thread-safe.
 */
public final class LatencyHistogram {
    private static final int LINEAR = 1024; // 2^10 µs
    private static final int SUB_BUCKETS = 512; // 2^9 per power of two above
    private static final int POWERS = 63 - 10;

    private final AtomicLongArray counts = new AtomicLongArray(LINEAR + POWERS * SUB_BUCKETS);
    private final LongAccumulator maxMicros = new LongAccumulator(Math::max, 0);

    public void record(Duration latency) {
        long micros = Math.max(0, latency.toNanos() / 1000);
        counts.incrementAndGet(bucket(micros));
        maxMicros.accumulate(micros);
    }

    public long count() {
        long total = 0;
        for (int i = 0; i < counts.length(); i++) {
            total += counts.get(i);
        }
        return total;
    }

    /** The latency that {@code percentile} % of the recorded ones do not exceed; zero when none was recorded. */
    public Duration percentile(double percentile) {
        long total = count();
        if (total == 0) {
            return Duration.ZERO;
        }
        long rank = Math.max(1, (long) Math.ceil(total * percentile / 100));
        long seen = 0;
        for (int i = 0; i < counts.length(); i++) {
            seen += counts.get(i);
            if (seen >= rank) {
                return Duration.ofNanos(Math.min(upperMicros(i), maxMicros.get()) * 1000);
            }
        }
        return max();
    }

    public Duration max() {
        return Duration.ofNanos(maxMicros.get() * 1000);
    }

    private static int bucket(long micros) {
        if (micros < LINEAR) {
            return (int) micros;
        }
        int power = 63 - Long.numberOfLeadingZeros(micros); // 10 or more
        int sub = (int) ((micros >>> (power - 9)) & (SUB_BUCKETS - 1));
        return LINEAR + (power - 10) * SUB_BUCKETS + sub;
    }

    // the largest value that falls into bucket i
    private static long upperMicros(int bucket) {
        if (bucket < LINEAR) {
            return bucket;
        }
        int power = (bucket - LINEAR) / SUB_BUCKETS + 10;
        long sub = (bucket - LINEAR) % SUB_BUCKETS;
        long width = 1L << (power - 9);
        return (1L << power) + (sub + 1) * width - 1;
    }
}
