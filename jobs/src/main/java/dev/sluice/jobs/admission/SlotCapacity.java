package dev.sluice.jobs.admission;

import dev.sluice.sessioncache.AdmissionOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * A cluster's total task slots, read from the cluster at most every {@link #REFRESH} and cached in between, so that
 * admission asks it on every job at the cost of a field read. A read that fails keeps the last known figure: the
 * submission that follows reports an unreachable cluster itself.
 */
final class SlotCapacity implements IntSupplier {
    static final Duration REFRESH = AdmissionOptions.SLOT_CAPACITY_REFRESH;
    private static final Logger LOG = LoggerFactory.getLogger(SlotCapacity.class);

    private final String cluster;
    private final Supplier<Integer> readTotalSlots;
    private final LongSupplier nanoClock;
    private final Executor refresher;
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private volatile int slots = -1;
    private volatile long readAtNanos;
    private volatile boolean firstReadDone;

    /**
     * @param readTotalSlots asks the cluster for its total task slots; may block briefly, may throw
     * @param refresher where a known figure is read again: admission asks under its lock, which must not wait on the
     *     cluster, so only the very first read (nothing known yet) is made by the caller
     */
    SlotCapacity(String cluster, Supplier<Integer> readTotalSlots, LongSupplier nanoClock, Executor refresher) {
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.readTotalSlots = requireNonNull(readTotalSlots, "readTotalSlots is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
        this.refresher = requireNonNull(refresher, "refresher is null");
    }

    @Override
    public int getAsInt() {
        long now = nanoClock.getAsLong();
        int known = slots;
        if (known < 0) {
            if (firstReadDone && now - readAtNanos < REFRESH.toNanos()) {
                return 1; // the cluster did not answer: one job at a time, and ask again a period later
            }
            firstReadDone = true;
            readAtNanos = now;
            return read(known);
        }
        if (now - readAtNanos >= REFRESH.toNanos() && refreshing.compareAndSet(false, true)) {
            readAtNanos = now; // one reader per period, even when the read fails
            refresher.execute(() -> {
                try {
                    read(slots);
                } finally {
                    refreshing.set(false);
                }
            });
        }
        return slots;
    }

    private int read(int known) {
        try {
            int total = readTotalSlots.get();
            if (total != known) {
                LOG.info("Cluster '{}' has {} task slots; admitting as many jobs at once", cluster, total);
            }
            slots = total;
            return total;
        } catch (RuntimeException e) {
            LOG.debug("Reading the task slots of cluster '{}' failed; keeping {}", cluster, known, e);
            // nothing known yet: one job at a time until the cluster answers
            return Math.max(known, 1);
        }
    }
}
