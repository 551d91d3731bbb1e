package dev.sluice.gateway;

import dev.sluice.gateway.config.SessionConfig;
import dev.sluice.gateway.session.SessionRegistry;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's periodic sweeps on one daemon thread: sessions and results that their clients left idle are closed.
 * Each sweep runs at a quarter of its timeout (at most every 30 s), so nothing outlives its timeout by more than a
 * quarter.
 */
final class Housekeeping {
    private static final Duration LONGEST_PERIOD = Duration.ofSeconds(30);

    private Housekeeping() {}

    /** Starts the sweeps; the returned executor is the one to shut down when the gateway stops. */
    static ScheduledExecutorService start(SessionConfig session, SessionRegistry sessions) {
        ScheduledExecutorService housekeeping =
                Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("sluice-housekeeping", true));
        schedule(housekeeping, session.idleTimeout(), sessions::closeIdleSessions);
        schedule(housekeeping, session.resultIdleTimeout(), sessions::closeIdleResults);
        return housekeeping;
    }

    private static void schedule(ScheduledExecutorService executor, Duration timeout, Runnable sweep) {
        long period = Math.max(1, Math.min(timeout.toMillis() / 4, LONGEST_PERIOD.toMillis()));
        executor.scheduleWithFixedDelay(sweep, period, period, TimeUnit.MILLISECONDS);
    }
}
