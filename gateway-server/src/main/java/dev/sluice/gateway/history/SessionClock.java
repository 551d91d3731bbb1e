package dev.sluice.gateway.history;

import java.time.Clock;
import java.time.Instant;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * The one time source of the sessions: a wall clock for when a statement started (shown by
 * {@code SHOW QUERY HISTORY}, and the value of {@code CURRENT_TIMESTAMP} in a query answered without a job), and
 * monotonic nanoseconds for idle timeouts, deadlines and phases. Tests give a fixed clock and a counter.
 *
 * <p>Outside tests the nanoseconds must be {@link System#nanoTime()}: a statement's phases are measured against the
 * stamps that {@code session-cache} takes when it submits a job and reads its rows.
 */
public final class SessionClock {
    private final Clock wallClock;
    private final LongSupplier nanoClock;

    public SessionClock(Clock wallClock, LongSupplier nanoClock) {
        this.wallClock = requireNonNull(wallClock, "wallClock is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
    }

    /** UTC wall time and the given monotonic clock. */
    public static SessionClock withNanoClock(LongSupplier nanoClock) {
        return new SessionClock(Clock.systemUTC(), nanoClock);
    }

    public Clock wallClock() {
        return wallClock;
    }

    Instant now() {
        return wallClock.instant();
    }

    public long nanoTime() {
        return nanoClock.getAsLong();
    }
}
