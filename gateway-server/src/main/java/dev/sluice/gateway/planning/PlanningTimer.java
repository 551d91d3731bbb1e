package dev.sluice.gateway.planning;

import java.time.Duration;
import java.util.concurrent.Future;

/**
 * Gives plannings up once their bound has passed: runs a task once after a delay, unless it is cancelled first. The
 * bound's clock, injected so that a test passes the bound itself rather than sleep.
 */
@FunctionalInterface
interface PlanningTimer {
    /** Runs {@code task} once {@code delay} has passed; cancelling the returned future before then prevents it. */
    Future<?> schedule(Runnable task, Duration delay);
}
