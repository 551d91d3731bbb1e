package dev.sluice.jobs;

import dev.sluice.sessioncache.ExecutionGraphCacheTtl;
import dev.sluice.testing.Eventually;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class JobEndWatcherTest {
    private final JobEndWatcher watcher = new JobEndWatcher(Duration.ofMillis(5));
    private final AtomicInteger statusRequests = new AtomicInteger();
    private final AtomicInteger resultRequests = new AtomicInteger();

    @AfterEach
    void closeWatcher() {
        watcher.close();
    }

    @Test
    void completesWithTheStatusAJobEndedInAndStopsAskingThen() throws Exception {
        JobEndWatcher.Watch watch =
                watcher.watch(fakeJob(statuses(JobStatus.RUNNING, JobStatus.RUNNING, JobStatus.FINISHED)));

        assertThat(watch.end().get(5, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        int asked = statusRequests.get();
        Thread.sleep(50);
        assertThat(statusRequests.get()).isEqualTo(asked).isEqualTo(3);
        assertThat(watcher.watchedJobs()).isZero();
        assertThat(resultRequests.get()).isZero();
    }

    @Test
    void aFailedJobEndsTheWatchWithItsCauseFromOneResultRequest() {
        JobEndWatcher.Watch watch = watcher.watch(fakeJob(statuses(JobStatus.RUNNING, JobStatus.FAILED)));

        assertThatThrownBy(() -> watch.end().get(5, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasRootCauseMessage("division by zero");
        assertThat(resultRequests.get()).isEqualTo(1);
    }

    @Test
    void aCancelledJobEndsTheWatchWithWhatItsResultSays() {
        JobEndWatcher.Watch watch = watcher.watch(fakeJob(statuses(JobStatus.CANCELLING, JobStatus.CANCELED)));

        assertThatThrownBy(() -> watch.end().get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
        assertThat(resultRequests.get()).isEqualTo(1);
    }

    @Test
    void aClusterThatCannotBeReachedEndsTheWatchWithThatFailure() {
        JobEndWatcher.Watch watch = watcher.watch(fakeJob(null, new java.net.ConnectException("Connection refused")));

        assertThatThrownBy(() -> watch.end().get(5, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasRootCauseInstanceOf(java.net.ConnectException.class);
        assertThat(statusRequests.get()).isEqualTo(JobEndWatcher.UNREACHABLE_AFTER);
    }

    @Test
    void aClosedWatchIsNotAskedAgainAndNeverCompletes() throws Exception {
        JobEndWatcher.Watch watch = watcher.watch(fakeJob(statuses(JobStatus.RUNNING)));
        Eventually.within(Duration.ofSeconds(5))
                .pollingEvery(Duration.ofMillis(1))
                .untilAsserted(() -> assertThat(statusRequests.get()).isPositive());

        watch.close();
        int asked = statusRequests.get();
        Thread.sleep(50);

        assertThat(statusRequests.get()).isEqualTo(asked);
        assertThat(watch.end()).isNotDone();
        assertThat(watcher.watchedJobs()).isZero();
    }

    @Test
    void aStatusThatCannotBeReadIsAskedAgain() throws Exception {
        JobEndWatcher.Watch watch = watcher.watch(fakeJob(null));
        Eventually.within(Duration.ofSeconds(5))
                .pollingEvery(Duration.ofMillis(1))
                .untilAsserted(() -> assertThat(statusRequests.get()).isGreaterThanOrEqualTo(3));
        assertThat(watch.end()).isNotDone();
    }

    @Test
    void aLongRunningJobIsAskedEveryIntervalForASecondThenLessOftenUpToEveryTwoSeconds() {
        AtomicLong nanos = new AtomicLong();
        List<Long> askedAtMillis = new ArrayList<>();
        try (JobEndWatcher manual = new JobEndWatcher(Duration.ofMillis(5), nanos::get, false)) {
            manual.watch(fakeJob(statuses(JobStatus.RUNNING)));
            for (int tick = 1; tick <= 2_000; tick++) { // ten seconds of the timer's ticks, one every 5 ms
                nanos.addAndGet(Duration.ofMillis(5).toNanos());
                int asked = statusRequests.get();
                manual.tick();
                if (statusRequests.get() > asked) {
                    askedAtMillis.add(Duration.ofNanos(nanos.get()).toMillis());
                }
            }
        }

        List<Long> expected = new ArrayList<>();
        // every interval for the first second (the first ask due half an interval in, at the first tick) ...
        for (long millis = 5; millis <= 1_005; millis += 5) {
            expected.add(millis);
        }
        // ... then the delay doubles at each ask, due at the tick nearest to it, up to every 2 s
        expected.addAll(
                List.of(1_015L, 1_035L, 1_075L, 1_155L, 1_315L, 1_635L, 2_275L, 3_555L, 5_555L, 7_555L, 9_555L));
        assertThat(askedAtMillis).containsExactlyElementsOf(expected);
    }

    @Test
    void theFirstAskComesAboutOneIntervalAfterTheWatchStarts() throws Exception {
        try (JobEndWatcher slow = new JobEndWatcher(Duration.ofMillis(200))) {
            long start = System.nanoTime();
            JobEndWatcher.Watch watch = slow.watch(fakeJob(statuses(JobStatus.FINISHED)));

            assertThat(watch.end().get(5, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
            // due at the tick nearest one interval: between half an interval and one and a half, not at the next tick
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
            assertThat(statusRequests.get())
                    .as("a job that ended by then: one request")
                    .isEqualTo(1);
        }
    }

    @Test
    void onceTheResultsEndedOneDetailsRequestTellsTheJobsEndAndItsLifetime() throws Exception {
        AtomicInteger detailsRequests = new AtomicInteger();
        JobLifetimeReader lifetime = new JobLifetimeReader(
                new JobID(),
                () -> {
                    detailsRequests.incrementAndGet();
                    return CompletableFuture.completedFuture(
                            JobLifetimeTest.details(JobStatus.FINISHED, 1_000, 1_040, 1_010));
                },
                ExecutionGraphCacheTtl.known(ExecutionGraphCacheTtl.FLINK_DEFAULT));
        JobEndWatcher.Watch watch = watcher.watch(fakeJob(statuses(JobStatus.RUNNING)), lifetime);
        watch.askDetailsOnceResultsEnded(() -> true);

        assertThat(watch.end().get(5, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(lifetime.lifetime().get(5, TimeUnit.SECONDS).endedMillis()).isEqualTo(1_040);
        assertThat(detailsRequests.get()).isEqualTo(1);
        assertThat(statusRequests.get()).as("no status request").isZero();
    }

    @Test
    void detailsThatDoNotShowTheEndAreNotAskedAgainUntilTheStatusIsFinal() throws Exception {
        AtomicInteger detailsRequests = new AtomicInteger();
        Deque<JobStatus> detailsStatuses = statuses(JobStatus.RUNNING, JobStatus.FINISHED);
        JobLifetimeReader lifetime = new JobLifetimeReader(
                new JobID(),
                () -> {
                    detailsRequests.incrementAndGet();
                    JobStatus status = detailsStatuses.size() > 1 ? detailsStatuses.poll() : detailsStatuses.peek();
                    return CompletableFuture.completedFuture(
                            JobLifetimeTest.details(status, 1_000, status == JobStatus.FINISHED ? 1_040 : -1, 1_010));
                },
                ExecutionGraphCacheTtl.known(ExecutionGraphCacheTtl.FLINK_DEFAULT));
        JobEndWatcher.Watch watch =
                watcher.watch(fakeJob(statuses(JobStatus.RUNNING, JobStatus.RUNNING, JobStatus.FINISHED)), lifetime);
        watch.askDetailsOnceResultsEnded(() -> true);

        assertThat(watch.end().get(5, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(lifetime.lifetime().get(5, TimeUnit.SECONDS).endedMillis()).isEqualTo(1_040);
        assertThat(statusRequests.get()).as("the status, asked as before").isEqualTo(3);
        assertThat(detailsRequests.get())
                .as("once early, once when the status was final")
                .isEqualTo(2);
    }

    @Test
    void refusesAnIntervalThatIsNotPositive() {
        assertThatThrownBy(() -> new JobEndWatcher(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    private static Deque<JobStatus> statuses(JobStatus... statuses) {
        return new ArrayDeque<>(List.of(statuses));
    }

    /**
     * A job client answering the calls the watcher makes; the last status repeats, and no statuses means the status
     * cannot be read. A hand-written fake, no mocking library.
     */
    private JobClient fakeJob(Deque<JobStatus> statuses) {
        return fakeJob(statuses, new IllegalStateException("JobManager is gone"));
    }

    private JobClient fakeJob(Deque<JobStatus> statuses, Exception statusFailure) {
        JobID id = new JobID();
        return (JobClient) Proxy.newProxyInstance(
                JobEndWatcherTest.class.getClassLoader(),
                new Class<?>[] {JobClient.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getJobID" -> id;
                    case "getJobStatus" -> {
                        statusRequests.incrementAndGet();
                        yield statuses == null
                                ? CompletableFuture.failedFuture(statusFailure)
                                : CompletableFuture.completedFuture(
                                        statuses.size() > 1 ? statuses.poll() : statuses.peek());
                    }
                    case "getJobExecutionResult" -> {
                        resultRequests.incrementAndGet();
                        yield CompletableFuture.failedFuture(
                                new IllegalStateException("Job failed", new ArithmeticException("division by zero")));
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
