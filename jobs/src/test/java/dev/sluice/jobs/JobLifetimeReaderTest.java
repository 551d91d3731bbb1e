package dev.sluice.jobs;

import dev.sluice.sessioncache.ExecutionGraphCacheTtl;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.sluice.jobs.JobLifetimeTest.details;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The reading of a job's lifetime against scripted answers; a request asked again runs at once: no test here sleeps. */
final class JobLifetimeReaderTest {
    private final AtomicInteger requests = new AtomicInteger();
    // the delays the reader waited before asking again, each of them skipped
    private final List<Duration> delays = new ArrayList<>();
    private final Deque<CompletableFuture<JobDetailsInfo>> answers = new ArrayDeque<>();
    private final JobLifetimeReader reader = new JobLifetimeReader(
            new JobID(),
            () -> {
                requests.incrementAndGet();
                CompletableFuture<JobDetailsInfo> answer = answers.pollFirst();
                return answer != null
                        ? answer
                        : CompletableFuture.failedFuture(new IllegalStateException("no more answers"));
            },
            ExecutionGraphCacheTtl.known(ExecutionGraphCacheTtl.FLINK_DEFAULT),
            delay -> {
                delays.add(delay);
                return Runnable::run;
            });

    @Test
    void aJobNobodyWatchesIsAskedOnceWhenItsStatementEnds() throws Exception {
        answers.add(CompletableFuture.completedFuture(details(JobStatus.FINISHED, 1_000, 1_040, 1_010)));

        reader.statementEnded();
        reader.statementEnded();

        assertThat(reader.lifetime().get(5, TimeUnit.SECONDS).lifetime()).isEqualTo(Duration.ofMillis(40));
        assertThat(requests.get()).isEqualTo(1);
    }

    @Test
    void aWatchedJobIsAskedOnlyOnceItsWatcherSawItEnd() throws Exception {
        answers.add(CompletableFuture.completedFuture(details(JobStatus.FINISHED, 1_000, 1_040, 1_010)));
        reader.watched();

        reader.statementEnded(); // the pushed result ended before the job: asking now would find it running
        assertThat(requests.get()).isZero();

        reader.jobEnded();
        assertThat(reader.lifetime().get(5, TimeUnit.SECONDS).endedMillis()).isEqualTo(1_040);
        assertThat(requests.get()).isEqualTo(1);
    }

    @Test
    void detailsThatDoNotShowTheEndYetAreAskedAgain() throws Exception {
        answers.add(CompletableFuture.completedFuture(details(JobStatus.CANCELLING, 1_000, -1, 1_010)));
        answers.add(CompletableFuture.completedFuture(details(JobStatus.CANCELED, 1_000, 1_300, 1_010)));

        reader.statementEnded();

        assertThat(reader.lifetime().get(5, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.CANCELED);
        assertThat(requests.get()).isEqualTo(2);
        assertThat(delays).as("asked again after the first delay").containsExactly(Duration.ofMillis(250));
    }

    @Test
    void aClusterThatCannotTellEndsTheReadingWithWhyAfterAFewRequests() {
        reader.statementEnded();

        assertThatThrownBy(() -> reader.lifetime().get(5, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasMessageContaining("could not be read")
                .hasMessageContaining("no more answers");
        List<Duration> retryDelays = JobLifetimeReader.retryDelays(ExecutionGraphCacheTtl.FLINK_DEFAULT);
        assertThat(delays).containsExactlyElementsOf(retryDelays);
        assertThat(requests.get()).isEqualTo(retryDelays.size() + 1);
    }

    @Test
    void detailsAreAskedAgainUntilAWhilePastTheClustersCacheLifetime() {
        assertThat(JobLifetimeReader.retryDelays(Duration.ofSeconds(3)))
                .containsExactly(
                        Duration.ofMillis(250),
                        Duration.ofMillis(500),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(2));
        // a cluster that caches a job's details for 10 s is asked past then, not given up on after 6
        assertThat(JobLifetimeReader.retryDelays(Duration.ofSeconds(10)).stream()
                        .reduce(Duration.ZERO, Duration::plus))
                .isGreaterThan(Duration.ofSeconds(12))
                .isLessThan(Duration.ofSeconds(15));
    }

    @Test
    void anUnavailableReaderNeverAsksAndSaysWhy() {
        JobLifetimeReader unavailable = JobLifetimeReader.unavailable(new JobID(), "reuse is off");

        unavailable.statementEnded();
        unavailable.jobEnded();

        assertThat(unavailable.lifetime())
                .isCompletedExceptionally()
                .failsWithin(Duration.ZERO)
                .withThrowableThat()
                .withMessageContaining("reuse is off");
    }
}
