package dev.sluice.gateway.planning;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ExecutionLockTest {
    private final ManualPlanningTimer timer = new ManualPlanningTimer();
    private final ExecutionLock lock = new ExecutionLock();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void stopThreads() {
        release.countDown();
        threads.shutdownNow();
    }

    @Test
    void whileAGivenUpPlanningHoldsTheSessionOthersAreRefusedAtOnce() throws Exception {
        PlanningPhase holder = phase(3);
        Future<?> holding = holdOnAnotherThread(holder);
        timer.passBounds();

        assertThatThrownBy(lock::lock)
                .isInstanceOf(SessionStillPlanningException.class)
                .hasMessageStartingWith("The session is still planning statement 3, which passed");
        assertThatThrownBy(lock::requireNotStillPlanning).isInstanceOf(SessionStillPlanningException.class);
        assertThatThrownBy(() -> lock.lock(phase(4))).isInstanceOf(SessionStillPlanningException.class);

        release.countDown();
        holding.get(10, TimeUnit.SECONDS);
        lock.lock(); // the planning has ended on its own: the session takes statements again
        lock.unlock();
    }

    @Test
    void aWaiterIsRefusedAsSoonAsThePlanningItWaitsBehindIsGivenUp() throws Exception {
        Future<?> holding = holdOnAnotherThread(phase(3));
        Future<?> waiter = threads.submit(() -> {
            lock.lock(phase(4));
            lock.unlock();
        });
        assertThat(waiter).isNotDone();

        timer.passBounds(); // the holder's bound; the waiter's planning has not begun, so it has none yet

        assertThatThrownBy(() -> waiter.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(SessionStillPlanningException.class);
        assertThat(holding).as("the given-up planning goes on").isNotDone();
    }

    @Test
    void aWaiterWhoseStatementIsCancelledStopsWaiting() throws Exception {
        holdOnAnotherThread(phase(3));
        PlanningPhase waiting = phase(4);
        Future<?> waiter = threads.submit(() -> lock.lock(waiting));

        waiting.cancel();

        assertThatThrownBy(() -> waiter.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(PlanningCanceledException.class);
    }

    @Test
    void aWaiterGetsTheLockWhenAPlanningWithinItsBoundEnds() throws Exception {
        Future<?> holding = holdOnAnotherThread(phase(3));
        PlanningPhase next = phase(4);
        Future<?> waiter = threads.submit(() -> {
            lock.lock(next);
            lock.unlock();
        });

        release.countDown();

        holding.get(10, TimeUnit.SECONDS);
        waiter.get(10, TimeUnit.SECONDS);
        assertThat(next.isGivenUp()).isFalse();
    }

    @Test
    void takingTheLockStartsThePlanningAndReleasingItEndsTheBound() {
        PlanningPhase planning = phase(3);
        lock.lock(planning);
        assertThat(timer.pending()).hasSize(1);

        lock.unlock();

        assertThat(timer.pending()).isEmpty();
        timer.passBounds();
        assertThat(planning.isGivenUp()).isFalse();
    }

    @Test
    void isReentrantForItsHolder() {
        lock.lock(phase(3));
        lock.lock(); // the holder's own metadata read
        lock.unlock();
        lock.unlock();
        lock.lock();
        lock.unlock();
    }

    @Test
    void onlyItsHolderReleasesIt() throws Exception {
        holdOnAnotherThread(phase(3));

        assertThatThrownBy(lock::unlock).isInstanceOf(IllegalMonitorStateException.class);
    }

    @Test
    void aWaiterWaitsWhileTheHolderIsPastItsPlanning() throws Exception {
        PlanningPhase holder = phase(3);
        Future<?> holding = holdOnAnotherThread(holder);
        holder.end(); // its job was admitted: it runs, within its own timeouts
        timer.passBounds();
        lock.requireNotStillPlanning(); // not refused: a statement past its planning is not given up
        Future<?> waiter = threads.submit(() -> {
            lock.lock();
            lock.unlock();
        });

        release.countDown();
        waiter.get(10, TimeUnit.SECONDS);
        holding.get(10, TimeUnit.SECONDS);
    }

    private PlanningPhase phase(int statementId) {
        return new PlanningPhase(statementId, Duration.ofSeconds(30), timer);
    }

    /** Takes the lock for {@code planning} on another thread, which holds it until {@link #release}. */
    private Future<?> holdOnAnotherThread(PlanningPhase planning) throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        Future<?> holding = threads.submit(() -> {
            lock.lock(planning);
            try {
                held.countDown();
                release.await();
            } finally {
                lock.unlock();
            }
            return null;
        });
        assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
        return holding;
    }
}
