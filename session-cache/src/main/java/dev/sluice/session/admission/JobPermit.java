package dev.sluice.session.admission;

import java.util.concurrent.atomic.AtomicBoolean;

import static java.util.Objects.requireNonNull;

/**
 * A job's place among its cluster's jobs in flight. Closing it lets the next waiting query in; closing it again does
 * nothing, so every path that ends a query (last row, failure, cancel, close) may close it.
 */
public final class JobPermit implements AutoCloseable {
    private final ClusterAdmission admission;
    private final long queuedNanos;
    private final AtomicBoolean released = new AtomicBoolean();

    JobPermit(ClusterAdmission admission, long queuedNanos) {
        this.admission = requireNonNull(admission, "admission is null");
        this.queuedNanos = queuedNanos;
    }

    /** A permit of no admission: nothing to wait for, nothing to release. */
    public static JobPermit unlimited() {
        return new JobPermit(ClusterAdmission.UNLIMITED, 0);
    }

    /** How long the query waited in the queue; 0 when it was admitted at once. */
    public long queuedNanos() {
        return queuedNanos;
    }

    public boolean isReleased() {
        return released.get();
    }

    @Override
    public void close() {
        if (released.compareAndSet(false, true)) {
            admission.release();
        }
    }
}
