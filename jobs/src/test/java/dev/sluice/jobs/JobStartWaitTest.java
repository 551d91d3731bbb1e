package dev.sluice.jobs;

import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.ExponentialDelayConfig;
import dev.sluice.retry.ResultPoller;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.runtime.client.JobInitializationException;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.util.SerializedThrowable;
import org.jspecify.annotations.Nullable;
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
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The wait for a job's start against a scripted cluster, on a fake sleeper and clock: no test here sleeps. */
final class JobStartWaitTest {
    private static final JobID JOB = new JobID();
    private static final CollectStrategy ONE_MS_DOUBLING = CollectStrategy.exponentialDelay(new ExponentialDelayConfig(
            Duration.ofMillis(1), Duration.ofMillis(50), 2.0, CollectStrategy.UNBOUNDED_ATTEMPTS));

    private final AtomicLong nanos = new AtomicLong();
    private final List<Duration> sleeps = new ArrayList<>();
    // how long the wait was willing to wait for each answer of the cluster, in the order it asked
    private final List<Duration> answerWaits = new ArrayList<>();
    private final JobStartWait wait = new JobStartWait(new ResultPoller<>(
            "job-start",
            ONE_MS_DOUBLING,
            JobStartWait::isInitializing,
            sleep -> {
                sleeps.add(sleep);
                nanos.addAndGet(sleep.toNanos()); // sleeping advances the fake clock
            },
            nanos::get));

    @Test
    void pollsFromOneMillisecondUntilTheJobLeavesInitializing() throws Exception {
        ClusterClient<?> client = fakeClient(
                statuses(JobStatus.INITIALIZING, JobStatus.INITIALIZING, JobStatus.INITIALIZING, JobStatus.RUNNING),
                null);

        wait.await(client, JOB, getClass().getClassLoader(), Duration.ofSeconds(10));

        assertThat(sleeps).containsExactly(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(4));
    }

    @Test
    void reportsAJobThatFailedWhileInitializingWithItsCause() {
        JobResult failed = new JobResult.Builder()
                .jobId(JOB)
                .netRuntime(0)
                .jobStatus(JobStatus.FAILED)
                .serializedThrowable(new SerializedThrowable(new IllegalStateException("no such table")))
                .build();
        ClusterClient<?> client = fakeClient(statuses(JobStatus.INITIALIZING, JobStatus.FAILED), failed);

        assertThatThrownBy(() -> wait.await(client, JOB, getClass().getClassLoader(), Duration.ofSeconds(10)))
                .isInstanceOf(JobInitializationException.class)
                .hasMessageContaining("Job failed while initializing")
                .hasRootCauseMessage("no such table");
    }

    @Test
    void waitsForEachAnswerOfTheClusterOnlyAsLongAsTheWaitHasLeft() {
        JobResult failed = new JobResult.Builder()
                .jobId(JOB)
                .netRuntime(0)
                .jobStatus(JobStatus.FAILED)
                .serializedThrowable(new SerializedThrowable(new IllegalStateException("no such table")))
                .build();
        ClusterClient<?> client =
                fakeClient(statuses(JobStatus.INITIALIZING, JobStatus.INITIALIZING, JobStatus.FAILED), failed);

        assertThatThrownBy(() -> wait.await(client, JOB, getClass().getClassLoader(), Duration.ofSeconds(10)))
                .isInstanceOf(JobInitializationException.class);
        // three status polls, 1 and 2 ms apart, then the job's result: each call gets what is left of the 10 s
        assertThat(answerWaits)
                .containsExactly(
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(10).minusMillis(1),
                        Duration.ofSeconds(10).minusMillis(3),
                        Duration.ofSeconds(10).minusMillis(3));
    }

    @Test
    void givesUpOnAClusterThatDoesNotAnswerAStatusPollByTheDeadline() {
        ScriptedAnswer<JobStatus> neverAnswered = new ScriptedAnswer<>();
        ClusterClient<?> silent = (ClusterClient<?>) Proxy.newProxyInstance(
                JobStartWaitTest.class.getClassLoader(),
                new Class<?>[] {ClusterClient.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getJobStatus")) {
                        return neverAnswered;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        nanos.set(Duration.ofHours(1).toNanos()); // the clock's origin is not the wait's

        assertThatThrownBy(() -> wait.await(silent, JOB, getClass().getClassLoader(), Duration.ofMillis(50)))
                .isInstanceOf(JobStartWait.ClusterSilentException.class)
                .hasMessage("The cluster did not answer before the deadline");
        assertThat(answerWaits).as("the call is waited for until the deadline").containsExactly(Duration.ofMillis(50));
        assertThat(neverAnswered).as("the unanswered call is given up").isCancelled();
    }

    private static Deque<JobStatus> statuses(JobStatus... statuses) {
        return new ArrayDeque<>(List.of(statuses));
    }

    /** A cluster client answering only the two calls the wait makes; a hand-written fake, no mocking library. */
    private ClusterClient<?> fakeClient(Deque<JobStatus> statuses, @Nullable JobResult result) {
        return (ClusterClient<?>) Proxy.newProxyInstance(
                JobStartWaitTest.class.getClassLoader(),
                new Class<?>[] {ClusterClient.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getJobStatus" -> answered(statuses.size() > 1 ? statuses.poll() : statuses.peek());
                    case "requestJobResult" -> answered(result);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private <T> ScriptedAnswer<T> answered(@Nullable T value) {
        ScriptedAnswer<T> answer = new ScriptedAnswer<>();
        answer.complete(value);
        return answer;
    }

    /**
     * An answer of the cluster that records how long the wait would wait for it, and never blocks: an answer not
     * given yet times out at once, as it would at the end of that wait.
     */
    private final class ScriptedAnswer<T> extends CompletableFuture<T> {
        @Override
        public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
            answerWaits.add(Duration.ofNanos(unit.toNanos(timeout)));
            if (!isDone()) {
                throw new TimeoutException("no answer in " + timeout + " " + unit);
            }
            return get();
        }
    }
}
