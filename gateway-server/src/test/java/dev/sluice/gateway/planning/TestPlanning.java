package dev.sluice.gateway.planning;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Planning workers for tests of other concerns: statements run on the calling thread, and their bound never passes. */
public final class TestPlanning {
    private TestPlanning() {}

    /** Runs each statement on the calling thread; a planning is never given up for its time. */
    public static BoundedPlanning onCallingThread() {
        return new BoundedPlanning(
                new PlanningConfig(Duration.ofHours(1)),
                Runnable::run,
                1,
                (task, delay) -> new CompletableFuture<Void>(),
                ContextCarrier.NONE);
    }
}
