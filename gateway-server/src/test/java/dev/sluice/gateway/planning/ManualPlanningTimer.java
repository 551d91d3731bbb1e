package dev.sluice.gateway.planning;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/** The planning bound's clock in a test: nothing passes until the test says so. */
final class ManualPlanningTimer implements PlanningTimer {
    private final List<Scheduled> scheduled = new ArrayList<>();

    @Override
    public synchronized Future<?> schedule(Runnable task, Duration delay) {
        Scheduled entry = new Scheduled(task, delay, new CompletableFuture<>());
        scheduled.add(entry);
        return entry.future();
    }

    /** Passes every bound scheduled so far: runs each task whose future was not cancelled. */
    void passBounds() {
        List<Scheduled> due;
        synchronized (this) {
            due = List.copyOf(scheduled);
            scheduled.clear();
        }
        for (Scheduled entry : due) {
            if (entry.future().complete(null)) {
                entry.task().run();
            }
        }
    }

    /** The delays of the bounds scheduled and not yet passed or cancelled. */
    synchronized List<Duration> pending() {
        return scheduled.stream()
                .filter(entry -> !entry.future().isDone())
                .map(Scheduled::delay)
                .toList();
    }

    private record Scheduled(Runnable task, Duration delay, CompletableFuture<Void> future) {}
}
