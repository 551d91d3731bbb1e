package dev.sluice.session.admission;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClusterAdmissionTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void admitsUpToCapacityAtOnce() {
        ClusterAdmission admission = admission(2, 10);

        JobPermit first = admission.enqueue().await(LONG, "t");
        JobPermit second = admission.enqueue().await(LONG, "t");

        assertThat(admission.running()).isEqualTo(2);
        assertThat(admission.queued()).isZero();
        assertThat(first.queuedNanos()).isZero();
        first.close();
        first.close(); // a second close changes nothing
        assertThat(admission.running()).isEqualTo(1);
        second.close();
        assertThat(admission.running()).isZero();
    }

    @Test
    void waitingQueriesAreAdmittedInOrderOfArrival() throws Exception {
        ClusterAdmission admission = admission(1, 10);
        JobPermit holder = admission.enqueue().await(LONG, "t");
        List<Integer> order = new CopyOnWriteArrayList<>();
        List<Future<?>> waiters = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            int query = i;
            ClusterAdmission.Ticket ticket = admission.enqueue(); // the queue order is the order of enqueue
            waiters.add(threads.submit(() -> {
                try (JobPermit permit = ticket.await(LONG, "t")) {
                    order.add(query);
                }
                return null;
            }));
        }
        assertThat(admission.queued()).isEqualTo(5);

        holder.close();
        for (Future<?> waiter : waiters) {
            waiter.get(10, TimeUnit.SECONDS);
        }

        assertThat(order).containsExactly(0, 1, 2, 3, 4);
        assertThat(admission.running()).isZero();
        assertThat(admission.queued()).isZero();
    }

    @Test
    void aFullQueueRefusesAtOnceNamingItsOption() {
        ClusterAdmission admission = admission(1, 2);
        admission.enqueue();
        admission.enqueue();
        admission.enqueue();

        assertThatThrownBy(admission::enqueue)
                .isInstanceOf(AdmissionQueueFullException.class)
                .hasMessageContaining("1 jobs run and 2 queries wait")
                .hasMessageContaining("sluice.cluster.test.admission.max-queued");
        assertThat(admission.queued()).isEqualTo(2);
    }

    @Test
    void aCancelledQueryLeavesTheQueueAndTheNextMovesUp() throws Exception {
        ClusterAdmission admission = admission(1, 10);
        JobPermit holder = admission.enqueue().await(LONG, "t");
        ClusterAdmission.Ticket cancelled = admission.enqueue();
        ClusterAdmission.Ticket next = admission.enqueue();
        Future<JobPermit> cancelledWait = threads.submit(() -> cancelled.await(LONG, "t"));
        Future<JobPermit> nextWait = threads.submit(() -> next.await(LONG, "t"));

        cancelled.cancel();

        assertThatThrownBy(() -> cancelledWait.get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(AdmissionCancelledException.class)
                .hasMessageContaining("did not run");
        assertThat(admission.queued()).isEqualTo(1);
        holder.close();
        nextWait.get(10, TimeUnit.SECONDS).close();
        assertThat(admission.running()).isZero();
    }

    @Test
    void aQueryWhoseDeadlinePassesLeavesTheQueue() {
        ClusterAdmission admission = admission(1, 10);
        admission.enqueue().await(LONG, "t");
        ClusterAdmission.Ticket late = admission.enqueue();

        assertThatThrownBy(() -> late.await(Duration.ofMillis(50), "client.timeout"))
                .isInstanceOf(AdmissionTimeoutException.class)
                .hasMessageContaining("client.timeout")
                .hasMessageContaining("0 queries still ahead");
        assertThat(admission.queued()).isZero();
        assertThat(admission.running()).isEqualTo(1);
    }

    @Test
    void slotsTheClusterGainsReachQueriesAlreadyWaiting() throws Exception {
        AtomicInteger slots = new AtomicInteger(1);
        ClusterAdmission admission = new ClusterAdmission("test", slots::get, 10, System::nanoTime);
        admission.enqueue().await(LONG, "t");
        ClusterAdmission.Ticket waiting = admission.enqueue();
        Future<JobPermit> wait = threads.submit(() -> waiting.await(LONG, "t"));

        slots.set(2);

        // waiters ask the capacity again at least every second
        assertThat(wait.get(10, TimeUnit.SECONDS).queuedNanos()).isPositive();
        assertThat(admission.running()).isEqualTo(2);
    }

    @Test
    void unlimitedAdmissionNeverWaitsOrCounts() {
        ClusterAdmission admission = ClusterAdmission.unlimited();
        for (int i = 0; i < 100; i++) {
            admission.enqueue().await(Duration.ZERO, "t");
        }
        JobPermit.unlimited().close();
        assertThat(admission.running()).isZero();
    }

    private static ClusterAdmission admission(int capacity, int maxQueued) {
        return new ClusterAdmission("test", () -> capacity, maxQueued, System::nanoTime);
    }
}
