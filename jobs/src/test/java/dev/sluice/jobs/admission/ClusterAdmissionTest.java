package dev.sluice.jobs.admission;

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
            AdmissionTicket ticket = admission.enqueue(); // the queue order is the order of enqueue
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
        AdmissionTicket cancelled = admission.enqueue();
        AdmissionTicket next = admission.enqueue();
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
        AdmissionTicket late = admission.enqueue();

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
        AdmissionTicket waiting = admission.enqueue();
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

    @Test
    void anAdmittedQueryTakesTheWaitingQueriesWithItsKeyInOrderUpToTheJobsSize() throws Exception {
        ClusterAdmission admission = new ClusterAdmission("test", () -> 1, 10, 3, Duration.ZERO, 1.0, System::nanoTime);
        JobPermit holder = admission.enqueue().await(LONG, "t");
        Rider leader = new Rider("a");
        Rider otherKey = new Rider("b");
        Rider first = new Rider("a");
        Rider second = new Rider("a");
        Rider third = new Rider("a");
        AdmissionTicket leaderTicket = admission.enqueue(leader);
        AdmissionTicket otherTicket = admission.enqueue(otherKey);
        AdmissionTicket firstTicket = admission.enqueue(first);
        AdmissionTicket secondTicket = admission.enqueue(second);
        AdmissionTicket thirdTicket = admission.enqueue(third);
        Future<JobPermit> leaderPermit = threads.submit(() -> leaderTicket.await(LONG, "t"));
        Future<JobPermit> firstPermit = threads.submit(() -> firstTicket.await(LONG, "t"));
        Future<JobPermit> secondPermit = threads.submit(() -> secondTicket.await(LONG, "t"));

        holder.close();
        JobPermit permit = leaderPermit.get(10, TimeUnit.SECONDS);
        assertThat(permit.rides()).isFalse();
        assertThat(admission.takeRiders(permit, leader))
                .as("the first two with the leader's key, past the one with another key: a job of three")
                .containsExactly(first, second);
        JobPermit firstShare = firstPermit.get(10, TimeUnit.SECONDS);
        JobPermit secondShare = secondPermit.get(10, TimeUnit.SECONDS);
        assertThat(firstShare.rides()).isTrue();
        assertThat(secondShare.rides()).isTrue();
        assertThat(admission.running()).as("one job, one place").isEqualTo(1);
        assertThat(admission.queued())
                .as("the other key's query and the one the job had no room for")
                .isEqualTo(2);

        permit.close();
        firstShare.close();
        assertThat(admission.running())
                .as("the place is the job's until every query in it let go")
                .isEqualTo(1);
        secondShare.close();
        assertThat(admission.running()).isEqualTo(1); // given straight to the next in line
        assertThat(otherTicket.await(LONG, "t").rides())
                .as("the next in line, with its own job")
                .isFalse();
        thirdTicket.cancel();
    }

    @Test
    void aJobForEveryQueryTakesNoRiders() {
        ClusterAdmission admission = admission(1, 10);
        Rider leader = new Rider("a");
        JobPermit permit = admission.enqueue(leader).await(LONG, "t");
        admission.enqueue(new Rider("a"));

        assertThat(admission.takeRiders(permit, leader)).isEmpty();
        assertThat(admission.queued()).isEqualTo(1);
    }

    @Test
    void aLeaderThatWaitedGathersTheQueriesThatArriveWithinTheGatherTime() throws Exception {
        ClusterAdmission admission =
                new ClusterAdmission("test", () -> 2, 10, 3, Duration.ofMillis(500), 1.0, System::nanoTime);
        JobPermit firstHolder = admission.enqueue().await(LONG, "t");
        JobPermit secondHolder = admission.enqueue().await(LONG, "t");
        Rider leader = new Rider("a");
        AdmissionTicket leaderTicket = admission.enqueue(leader);
        Future<JobPermit> leaderPermit = threads.submit(() -> leaderTicket.await(LONG, "t"));
        Thread.sleep(20); // so that it waited
        firstHolder.close();
        JobPermit permit = leaderPermit.get(10, TimeUnit.SECONDS);
        secondHolder.close(); // a place is free: a query arriving now would start a job of its own
        Future<List<JobRider>> riders = threads.submit(() -> admission.takeRiders(permit, leader));
        Thread.sleep(50);
        Rider late = new Rider("a");
        AdmissionTicket lateTicket = admission.enqueue(late); // after the leader's admission
        Rider later = new Rider("a");
        AdmissionTicket laterTicket = admission.enqueue(later);

        assertThat(riders.get(10, TimeUnit.SECONDS))
                .as("both arrived within the gather time, and the job is full with them")
                .containsExactly(late, later);
        assertThat(lateTicket.await(LONG, "t").rides()).isTrue();
        assertThat(laterTicket.await(LONG, "t").rides()).isTrue();
        assertThat(admission.running()).as("one job").isEqualTo(1);
        assertThat(admission.enqueue(new Rider("a")).await(LONG, "t").rides())
                .as("no leader gathers now: a job of its own, at once")
                .isFalse();
    }

    @Test
    void aLeaderAdmittedAtOnceDoesNotWaitForRiders() {
        ClusterAdmission admission =
                new ClusterAdmission("test", () -> 1, 10, 3, Duration.ofSeconds(30), 1.0, System::nanoTime);
        Rider leader = new Rider("a");
        JobPermit permit = admission.enqueue(leader).await(LONG, "t");
        long start = System.nanoTime();

        assertThat(admission.takeRiders(permit, leader)).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aUserWhoHoldsTheirShareWaitsWhileAnotherUsersQueryGoesAhead() {
        ClusterAdmission admission = new ClusterAdmission("test", () -> 4, 10, 1, Duration.ZERO, 0.5, System::nanoTime);
        JobPermit aliceFirst = admission.enqueue("alice", null).await(LONG, "t");
        admission.enqueue("alice", null).await(LONG, "t");
        AdmissionTicket aliceThird = admission.enqueue("alice", null);
        assertThat(admission.queued()).as("alice holds half of the 4 places").isEqualTo(1);

        JobPermit bob = admission.enqueue("bob", null).await(Duration.ZERO.plusMillis(1), "t");
        assertThat(admission.running("bob"))
                .as("bob passes alice's waiting query")
                .isEqualTo(1);
        assertThat(admission.running()).isEqualTo(3);

        bob.close();
        assertThat(admission.queued())
                .as("a place of another user does not let alice's third in")
                .isEqualTo(1);
        aliceFirst.close();
        assertThat(aliceThird.await(LONG, "t").isReleased()).isFalse();
        assertThat(admission.running("alice")).isEqualTo(2);
    }

    @Test
    void queriesOfNoNamedUserAreHeldToNoShare() {
        ClusterAdmission admission =
                new ClusterAdmission("test", () -> 4, 10, 1, Duration.ZERO, 0.25, System::nanoTime);
        for (int i = 0; i < 4; i++) {
            admission.enqueue(ClusterAdmission.NO_USER, null).await(LONG, "t");
        }
        assertThat(admission.running()).isEqualTo(4);
    }

    @Test
    void aWaitThatEndsAtTheUsersShareSaysSo() {
        ClusterAdmission admission = new ClusterAdmission("test", () -> 2, 10, 1, Duration.ZERO, 0.5, System::nanoTime);
        admission.enqueue("alice", null).await(LONG, "t");

        assertThatThrownBy(() -> admission.enqueue("alice", null).await(Duration.ofMillis(50), "sluice.query.timeout"))
                .isInstanceOf(AdmissionTimeoutException.class)
                .hasMessageContaining("User 'alice' holds 1 of the cluster's 2 places")
                .hasMessageContaining("max-user-share");
        assertThat(admission.queued()).isZero();
        assertThat(admission
                        .enqueue("bob", null)
                        .await(Duration.ofMillis(1), "t")
                        .isReleased())
                .isFalse();
    }

    private record Rider(String sharingKey) implements JobRider {}

    private static ClusterAdmission admission(int capacity, int maxQueued) {
        return new ClusterAdmission("test", () -> capacity, maxQueued, System::nanoTime);
    }
}
