package dev.sluice.gateway.planning;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class BoundedPlanningTest {
    private final ManualPlanningTimer timer = new ManualPlanningTimer();
    private final ExecutorService workers = Executors.newCachedThreadPool();
    private final ThreadLocal<String> requestContext = new ThreadLocal<>();
    private final BoundedPlanning planning =
            new BoundedPlanning(new PlanningConfig(Duration.ofSeconds(1)), workers, 4, timer, task -> {
                String carried = requestContext.get();
                return () -> {
                    requestContext.set(carried);
                    try {
                        task.run();
                    } finally {
                        requestContext.remove();
                    }
                };
            });
    private final ExecutionLock session = new ExecutionLock();
    private final CountDownLatch planningDone = new CountDownLatch(1);

    @AfterEach
    void stopWorkers() {
        planningDone.countDown();
        workers.shutdownNow();
    }

    @Test
    void returnsWhatTheWorkReturnedOnAWorker() {
        Thread caller = Thread.currentThread();

        Thread ranOn = planning.run(planning.newPhase(1), Thread::currentThread);

        assertThat(ranOn).isNotSameAs(caller);
    }

    @Test
    void answersAtOnceWhenThePlanningPassesItsBoundAndItsJobIsRefusedWhenItEnds() throws Exception {
        PlanningPhase phase = planning.newPhase(1);
        CompletableFuture<Throwable> atAdmission = new CompletableFuture<>();
        CompletableFuture<Void> planningStarted = new CompletableFuture<>();
        CompletableFuture<Object> answer = CompletableFuture.supplyAsync(() -> planning.run(phase, () -> {
            session.lock(phase);
            try {
                planningStarted.complete(null);
                awaitQuietly(planningDone); // Flink's planner, which nothing stops
                try {
                    planning.planningEnds(); // the job would ask for admission here
                    atAdmission.complete(null);
                } catch (RuntimeException e) {
                    atAdmission.complete(e);
                    throw e;
                }
                return "submitted";
            } finally {
                session.unlock();
            }
        }));
        planningStarted.get(10, TimeUnit.SECONDS);

        timer.passBounds();

        assertThatThrownBy(() -> answer.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(PlanningTimeoutException.class)
                .hasMessage(
                        "Planning took longer than sluice.query.max-planning-time (1 s); the statement runs no job");
        assertThat(atAdmission).as("the worker still plans").isNotDone();
        assertThatThrownBy(session::lock).isInstanceOf(SessionStillPlanningException.class);

        planningDone.countDown();

        assertThat(atAdmission.get(10, TimeUnit.SECONDS)).isInstanceOf(PlanningTimeoutException.class);
    }

    @Test
    void aCancelWhileItPlansAnswersAtOnce() throws Exception {
        PlanningPhase phase = planning.newPhase(1);
        CompletableFuture<Void> planningStarted = new CompletableFuture<>();
        CompletableFuture<Object> answer = CompletableFuture.supplyAsync(() -> planning.run(phase, () -> {
            session.lock(phase);
            try {
                planningStarted.complete(null);
                awaitQuietly(planningDone);
                planning.checkStillWanted();
                return "ran";
            } finally {
                session.unlock();
            }
        }));
        planningStarted.get(10, TimeUnit.SECONDS);

        phase.cancel(); // the client went away

        assertThatThrownBy(() -> answer.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(PlanningCanceledException.class);
    }

    @Test
    void aStatementPastItsPlanningIsWaitedForBeyondTheBound() throws Exception {
        PlanningPhase phase = planning.newPhase(1);
        CompletableFuture<Void> admitted = new CompletableFuture<>();
        CompletableFuture<Object> answer = CompletableFuture.supplyAsync(() -> planning.run(phase, () -> {
            session.lock(phase);
            try {
                planning.planningEnds();
                admitted.complete(null);
                awaitQuietly(planningDone); // the job runs: not planning
                return "rows";
            } finally {
                session.unlock();
            }
        }));
        admitted.get(10, TimeUnit.SECONDS);

        timer.passBounds();
        planningDone.countDown();

        assertThat(answer.get(10, TimeUnit.SECONDS)).isEqualTo("rows");
    }

    @Test
    void theWorkFailsAsItFailed() {
        assertThatThrownBy(() -> planning.run(planning.newPhase(1), () -> {
                    throw new IllegalStateException("bad plan");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("bad plan");
        assertThatThrownBy(() -> planning.run(planning.newPhase(2), () -> {
                    throw new StackOverflowError("the planner's recursion");
                }))
                .isInstanceOf(StackOverflowError.class);
    }

    @Test
    void theWorkerSeesTheRequestThreadsContextAndClassLoader() throws Exception {
        ClassLoader requestLoader = new URLClassLoader(new URL[0], getClass().getClassLoader());
        Thread caller = Thread.currentThread();
        ClassLoader callerLoader = caller.getContextClassLoader();
        requestContext.set("alice's request");
        caller.setContextClassLoader(requestLoader);
        try {
            assertThat(planning.run(planning.newPhase(1), requestContext::get)).isEqualTo("alice's request");
            assertThat(planning.run(
                            planning.newPhase(2), () -> Thread.currentThread().getContextClassLoader()))
                    .isSameAs(requestLoader);
        } finally {
            caller.setContextClassLoader(callerLoader);
            requestContext.remove();
        }
    }

    @Test
    void aStatementIsRefusedWhenEveryWorkerIsBusy() {
        BoundedPlanning saturated = new BoundedPlanning(
                new PlanningConfig(Duration.ofSeconds(1)),
                task -> {
                    throw new RejectedExecutionException("full");
                },
                12,
                timer,
                ContextCarrier.NONE);

        assertThatThrownBy(() -> saturated.run(saturated.newPhase(1), () -> "never"))
                .isInstanceOf(PlanningThreadsBusyException.class)
                .hasMessage("Every one of the gateway's 12 planning threads is busy; the statement did not start, try"
                        + " again later");
    }

    @Test
    void theChecksDoNothingOnAThreadThatRunsNoStatement() {
        planning.planningEnds();
        planning.checkStillWanted();
    }

    @Test
    void startsNamedWorkersAndStopsThem() {
        try (BoundedPlanning started =
                BoundedPlanning.start(new PlanningConfig(Duration.ofSeconds(30)), 2, ContextCarrier.NONE)) {
            assertThat(started.run(
                            started.newPhase(1), () -> Thread.currentThread().getName()))
                    .startsWith("sluice-planning-");
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
