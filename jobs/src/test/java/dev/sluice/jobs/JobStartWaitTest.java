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
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class JobStartWaitTest {
    private static final JobID JOB = new JobID();
    private static final CollectStrategy ONE_MS_DOUBLING = CollectStrategy.exponentialDelay(new ExponentialDelayConfig(
            Duration.ofMillis(1), Duration.ofMillis(50), 2.0, CollectStrategy.UNBOUNDED_ATTEMPTS));

    private final List<Duration> sleeps = new ArrayList<>();
    private final JobStartWait wait = new JobStartWait(new ResultPoller<>(
            "job-start", ONE_MS_DOUBLING, JobStartWait::isInitializing, sleeps::add, System::nanoTime));

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
    void givesUpOnAClusterThatDoesNotAnswerAStatusPollByTheDeadline() {
        CompletableFuture<JobStatus> neverAnswered = new CompletableFuture<>();
        ClusterClient<?> silent = (ClusterClient<?>) Proxy.newProxyInstance(
                JobStartWaitTest.class.getClassLoader(),
                new Class<?>[] {ClusterClient.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getJobStatus")) {
                        return neverAnswered;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });

        assertThatThrownBy(() -> wait.await(silent, JOB, getClass().getClassLoader(), Duration.ofMillis(50)))
                .isInstanceOf(JobStartWait.ClusterSilentException.class)
                .hasMessage("The cluster did not answer before the deadline");
        assertThat(neverAnswered).as("the unanswered call is given up").isCancelled();
    }

    private static Deque<JobStatus> statuses(JobStatus... statuses) {
        return new ArrayDeque<>(List.of(statuses));
    }

    /** A cluster client answering only the two calls the wait makes; a hand-written fake, no mocking library. */
    private static ClusterClient<?> fakeClient(Deque<JobStatus> statuses, JobResult result) {
        return (ClusterClient<?>) Proxy.newProxyInstance(
                JobStartWaitTest.class.getClassLoader(),
                new Class<?>[] {ClusterClient.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getJobStatus" ->
                        CompletableFuture.completedFuture(statuses.size() > 1 ? statuses.poll() : statuses.peek());
                    case "requestJobResult" -> CompletableFuture.completedFuture(result);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
