package dev.sluice.gateway.result;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * When a statement's open result was last read, so that a result its client stopped reading can be closed: its job
 * would otherwise hold the cluster's slots (and its admission permit) until the session expires. A fetch in progress,
 * however long it waits for rows, counts as reading.
 *
 * <p>Kept apart from the statement's monitor, which a fetch holds while it waits for rows: the housekeeping thread
 * decides here, without waiting for that monitor, and once a result is expired no fetch can take the monitor for it.
 */
public final class ResultIdleWatch {
    // all guarded by this
    private boolean open;
    private int fetching;
    private long lastUsedNanos;
    private @Nullable Duration
            expiredAfter; // non-null once the open result was closed for idleness, until the next result

    public synchronized void opened(long nowNanos) {
        open = true;
        expiredAfter = null;
        lastUsedNanos = nowNanos;
    }

    public synchronized void closed() {
        open = false;
    }

    /** @throws ResultIdleTimeoutException if the result was closed because its client had not read it in time */
    public synchronized void beginFetch(int statementId) {
        if (expiredAfter != null) {
            throw new ResultIdleTimeoutException(statementId, expiredAfter);
        }
        fetching++;
    }

    public synchronized void endFetch(long nowNanos) {
        fetching--;
        lastUsedNanos = nowNanos;
    }

    /** Marks the open result expired if nobody has read it for {@code timeout}; true if the caller is to close it. */
    public synchronized boolean expireIfIdle(long nowNanos, Duration timeout) {
        if (open && fetching == 0 && nowNanos - lastUsedNanos > timeout.toNanos()) {
            open = false;
            expiredAfter = timeout;
            return true;
        }
        return false;
    }
}
