package dev.sluice.jobs;

import dev.sluice.jobs.admission.ClusterAdmission;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.HostAndPort;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.streaming.api.environment.CheckpointConfig;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The executor's protocol with a statement, against a scripted cluster client and on a fake clock: the place
 * {@link ClusterPipelineExecutor#admitNextJob} takes travels in the {@link NextJob} to the job Flink submits, is given
 * back when no job uses it, and every wait of the submission is bounded by what the statement has left. No test here
 * sleeps. The submission of real jobs runs in the gateway's integration tests.
 */
final class ClusterPipelineExecutorTest {
    private static final ClusterEndpoint CLUSTER =
            new ClusterEndpoint("test", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 1));
    // made at 0 on the fake clock, with 10 s left
    private static final NextJob JOB = new NextJob(
            new JobRequest("statement 1", Duration.ofSeconds(10), "sluice.query.timeout", Duration.ofSeconds(10)),
            0,
            false,
            null);

    private final AtomicLong nanos = new AtomicLong();
    // one place, and no queue: a job that asked for its admission again, beside the place it holds, would be refused
    // at once rather than wait
    private final ClusterAdmission admission = new ClusterAdmission("test", () -> 1, 0, nanos::get);
    private final ScriptedCluster cluster = new ScriptedCluster();
    private final ClusterPipelineExecutor executor = new ClusterPipelineExecutor(
            CLUSTER, cluster, admission, JobJars.NONE, ClusterAdmission.NO_USER, nanos::get);

    @Test
    void aSubmissionWithoutAJobReturnsItsValueAndNoTimings() {
        Submitted<String> submitted = executor.submit(JOB, () -> "created");

        assertThat(submitted.value()).isEqualTo("created");
        assertThat(submitted.job()).isEmpty();
    }

    @Test
    void theJobFlinkSubmitsTakesThePlaceItsRequestHoldsAndKeepsIt() {
        nanos.set(seconds(2));
        NextJob admitted = executor.admitNextJob(JOB, new Configuration(), null);
        nanos.set(seconds(3));

        Submitted<JobClient> submitted =
                executor.submit(admitted.withoutStartWait(), () -> flinkSubmits(emptyStreamGraph()));

        SubmissionTimings timings = submitted.job().orElseThrow();
        assertThat(timings.permit()).isSameAs(admitted.place().permit());
        assertThat(timings.admittedNanos()).isEqualTo(seconds(2));
        assertThat(timings.submittedNanos()).isEqualTo(seconds(3));
        assertThat(timings.jobId()).isEqualTo(submitted.value().getJobID());
        assertThat(cluster.submitted).extracting(StreamGraph::getJobName).containsExactly("statement 1");
        assertThat(admission.running())
                .as("the job keeps its place until its query ends")
                .isEqualTo(1);

        timings.permit().close();
        assertThat(admission.running()).isZero();
    }

    @Test
    void aPlaceAdmittedBeforeTheJobAndNotUsedIsGivenBackWhenTheSubmissionReturns() {
        NextJob admitted = executor.admitNextJob(JOB, new Configuration(), null);
        assertThat(admitted.place()).isNotNull();
        assertThat(admitted.place().rides()).isFalse();
        assertThat(admission.running()).isEqualTo(1);

        executor.submit(admitted, () -> "no job after all");

        assertThat(admission.running()).isZero();
    }

    @Test
    void aPlaceAdmittedBeforeTheJobIsGivenBackWhenTheSubmissionFails() {
        NextJob admitted = executor.admitNextJob(JOB, new Configuration(), null);

        assertThatThrownBy(() -> executor.submit(admitted, () -> {
                    throw new IllegalStateException("planning failed");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("planning failed");
        assertThat(admission.running()).isZero();
    }

    @Test
    void aPlaceIsGivenBackWhenItsJobCannotBeBuilt() {
        NextJob admitted = executor.admitNextJob(JOB, new Configuration(), null);
        Pipeline notAStreamGraph = new Pipeline() {};

        assertThatThrownBy(() -> executor.submit(admitted, () -> flinkSubmits(notAStreamGraph)))
                .isInstanceOf(IllegalStateException.class);
        assertThat(cluster.submitted).isEmpty();
        assertThat(admission.running()).isZero();
    }

    @Test
    void waitsForTheClustersAcknowledgementOnlyAsLongAsTheStatementHasLeftSinceItsRequest() {
        cluster.acknowledges = false;
        nanos.set(seconds(3)); // three seconds of the statement's ten spent before its admission
        NextJob admitted = executor.admitNextJob(JOB, new Configuration(), null);
        nanos.set(seconds(4)); // and one building the job

        assertThatThrownBy(() -> executor.submit(admitted, () -> flinkSubmits(emptyStreamGraph())))
                .isInstanceOf(ClusterNotAnsweringException.class)
                .hasMessage("Flink session cluster 'test' at " + CLUSTER.restAddress() + " did not answer the job's"
                        + " submission in 1.0 s (sluice.query.timeout = 10 s); the statement was given up");
        assertThat(cluster.answerWaits).containsExactly(Duration.ofSeconds(6));
        assertThat(admission.running())
                .as("a job that never ran gives its place back")
                .isZero();
    }

    @Test
    void waitsForTheJobsStartOnlyAsLongAsTheStatementHasLeftAfterTheAcknowledgement() {
        cluster.acknowledgeAfter = Duration.ofSeconds(2);
        cluster.answersStatus = false;
        nanos.set(seconds(3));
        NextJob admitted = executor.admitNextJob(JOB, new Configuration(), null);
        nanos.set(seconds(4));

        assertThatThrownBy(() -> executor.submit(admitted, () -> flinkSubmits(emptyStreamGraph())))
                .isInstanceOf(ClusterNotAnsweringException.class)
                .hasMessageContaining("did not answer job "
                        + cluster.submitted.get(0).getJobID() + "'s status in 3.0 s (sluice.query.timeout = 10 s)");
        // 6 s left when the job went out at 4 s; acknowledged at 6 s, so 4 s for its first status
        assertThat(cluster.answerWaits).containsExactly(Duration.ofSeconds(6), Duration.ofSeconds(4));
        assertThat(cluster.cancelled)
                .as("nobody will read a job that did not start in time")
                .containsExactly(cluster.submitted.get(0).getJobID());
        assertThat(admission.running()).isZero();
    }

    private static long seconds(long seconds) {
        return Duration.ofSeconds(seconds).toNanos();
    }

    private static StreamGraph emptyStreamGraph() {
        return new StreamGraph(
                new Configuration(), new ExecutionConfig(), new CheckpointConfig(), SavepointRestoreSettings.none());
    }

    /** What Flink does while a submission runs: it calls the session's executor back with the statement's pipeline. */
    private JobClient flinkSubmits(Pipeline pipeline) {
        try {
            return executor.execute(pipeline, new Configuration(), getClass().getClassLoader())
                    .join();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A cluster whose client answers the calls a submission makes, as the test scripts them, on the fake clock; a
     * hand-written fake, no mocking library. Its answers never block: one the cluster does not give times out at once,
     * and records how long the executor would have waited for it.
     */
    private final class ScriptedCluster implements ClusterClients {
        final List<StreamGraph> submitted = new ArrayList<>();
        final List<JobID> cancelled = new ArrayList<>();
        // how long the executor was willing to wait for each answer, in the order it asked
        final List<Duration> answerWaits = new ArrayList<>();
        boolean acknowledges = true;
        // the fake time the cluster takes to acknowledge a job
        Duration acknowledgeAfter = Duration.ZERO;
        boolean answersStatus = true;

        @Override
        public ClusterClientProvider<StandaloneClusterId> provider(ClusterEndpoint endpoint) {
            assertThat(endpoint).isEqualTo(CLUSTER);
            ClusterClient<?> client = (ClusterClient<?>) Proxy.newProxyInstance(
                    ClusterPipelineExecutorTest.class.getClassLoader(),
                    new Class<?>[] {ClusterClient.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "submitJob" -> {
                            StreamGraph job = (StreamGraph) args[0];
                            submitted.add(job);
                            yield acknowledges ? answered(job.getJobID(), acknowledgeAfter) : new Answer<JobID>();
                        }
                        case "getJobStatus" ->
                            answersStatus ? answered(JobStatus.RUNNING, Duration.ZERO) : new Answer<JobStatus>();
                        case "cancel" -> {
                            cancelled.add((JobID) args[0]);
                            yield CompletableFuture.completedFuture(null);
                        }
                        case "close" -> null;
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
            @SuppressWarnings("unchecked")
            ClusterClient<StandaloneClusterId> standalone = (ClusterClient<StandaloneClusterId>) client;
            return () -> standalone;
        }

        @Override
        public void close() {}

        /** An answer the cluster gives {@code after} the executor began to wait for it, on the fake clock. */
        private <T> Answer<T> answered(T value, Duration after) {
            Answer<T> answer = new Answer<>();
            answer.after = after;
            answer.complete(value);
            return answer;
        }

        /** One answer of the cluster, given or not. */
        private final class Answer<T> extends CompletableFuture<T> {
            private Duration after = Duration.ZERO;

            @Override
            public T get(long timeout, TimeUnit unit)
                    throws InterruptedException, ExecutionException, TimeoutException {
                answerWaits.add(Duration.ofNanos(unit.toNanos(timeout)));
                if (!isDone()) {
                    throw new TimeoutException("no answer in " + timeout + " " + unit);
                }
                nanos.addAndGet(after.toNanos());
                return get();
            }
        }
    }
}
