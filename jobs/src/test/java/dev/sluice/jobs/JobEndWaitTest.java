package dev.sluice.jobs;

import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.FixedDelayConfig;
import dev.sluice.retry.ResultPoller;
import dev.sluice.retry.RetryExhaustedException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The wait of a DML statement for its job's end, on a fake job client, a fake sleeper and a fake clock. */
final class JobEndWaitTest {
    private static final JobID JOB = new JobID();

    private final AtomicLong nanos = new AtomicLong();
    private final List<Duration> sleeps = new ArrayList<>();
    private final AtomicInteger cancels = new AtomicInteger();

    @Test
    void pollsOnTheStrategyUntilTheJobHasEnded() {
        JobEndWait wait = waitEvery(Duration.ofMillis(3), 100);

        JobStatus ended = wait.await(
                fakeJob(statuses(JobStatus.CREATED, JobStatus.RUNNING, JobStatus.FINISHED)), Duration.ofSeconds(10));

        assertThat(ended).isEqualTo(JobStatus.FINISHED);
        assertThat(sleeps).containsExactly(Duration.ofMillis(3), Duration.ofMillis(3));
        assertThat(cancels).hasValue(0);
    }

    @Test
    void aFailedOrCancelledJobHasEndedToo() {
        assertThat(waitEvery(Duration.ofMillis(1), 100)
                        .await(fakeJob(statuses(JobStatus.FAILED)), Duration.ofSeconds(1)))
                .isEqualTo(JobStatus.FAILED);
        assertThat(waitEvery(Duration.ofMillis(1), 100)
                        .await(fakeJob(statuses(JobStatus.CANCELED)), Duration.ofSeconds(1)))
                .isEqualTo(JobStatus.CANCELED);
    }

    @Test
    void cancelsTheJobWhenTheTimeoutPasses() {
        JobEndWait wait = waitEvery(Duration.ofMillis(40), 100);
        nanos.set(Duration.ofHours(1).toNanos()); // the clock's origin is not the wait's

        assertThatThrownBy(() -> wait.await(fakeJob(statuses(JobStatus.RUNNING)), Duration.ofMillis(100)))
                .isInstanceOfSatisfying(
                        DeadlineExceededException.class,
                        e -> assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(100)));
        // the last wait is cut short so that the last poll comes at the timeout, and none after it
        assertThat(sleeps).containsExactly(Duration.ofMillis(40), Duration.ofMillis(40), Duration.ofMillis(20));
        assertThat(cancels).hasValue(1);
    }

    @Test
    void cancelsTheJobWhenTheAttemptsRunOut() {
        JobEndWait wait = waitEvery(Duration.ofMillis(1), 3);

        assertThatThrownBy(() -> wait.await(fakeJob(statuses(JobStatus.RUNNING)), Duration.ofSeconds(10)))
                .isInstanceOf(RetryExhaustedException.class);
        assertThat(cancels).hasValue(1);
    }

    @Test
    void aStatusThatCannotBeReadFailsTheWaitWithoutCancelling() {
        JobClient job = fakeJob(null);

        assertThatThrownBy(() -> waitEvery(Duration.ofMillis(1), 100).await(job, Duration.ofSeconds(1)))
                .isInstanceOf(JobFailedException.class)
                .hasMessage("Cannot get the status of job " + JOB)
                .hasRootCauseMessage("JobManager is gone");
        assertThat(cancels).hasValue(0);
    }

    @Test
    void usesTheGivenStrategy() {
        CollectStrategy strategy = CollectStrategy.fixedDelay(new FixedDelayConfig(Duration.ofMillis(7), 4));

        assertThat(new JobEndWait(strategy).strategy()).isEqualTo(strategy);
    }

    /** Sleeping advances the fake clock, so deadlines pass without real time passing. */
    private JobEndWait waitEvery(Duration delay, int attempts) {
        CollectStrategy strategy = CollectStrategy.fixedDelay(new FixedDelayConfig(delay, attempts));
        return new JobEndWait(new ResultPoller<>(
                "job end",
                strategy,
                JobEndWait::isRunning,
                sleep -> {
                    sleeps.add(sleep);
                    nanos.addAndGet(sleep.toNanos());
                },
                nanos::get));
    }

    private static Deque<JobStatus> statuses(JobStatus... statuses) {
        return new ArrayDeque<>(List.of(statuses));
    }

    /**
     * A job client answering the calls the wait makes; the last status repeats, and no statuses means the status
     * cannot be read. A hand-written fake, no mocking library.
     */
    private JobClient fakeJob(Deque<JobStatus> statuses) {
        return (JobClient) Proxy.newProxyInstance(
                JobEndWaitTest.class.getClassLoader(),
                new Class<?>[] {JobClient.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getJobID" -> JOB;
                    case "getJobStatus" ->
                        statuses == null
                                ? CompletableFuture.failedFuture(new IllegalStateException("JobManager is gone"))
                                : CompletableFuture.completedFuture(
                                        statuses.size() > 1 ? statuses.poll() : statuses.peek());
                    case "cancel" -> {
                        cancels.incrementAndGet();
                        yield CompletableFuture.completedFuture(null);
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
