package dev.sluice.jobs;

import dev.sluice.jobs.admission.ClusterAdmission;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.HostAndPort;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The executor's protocol with a statement, without a cluster: what {@link ClusterPipelineExecutor#submit} returns
 * and gives back when Flink submits no job through it (a DDL, a failure before the job is built). The submission of
 * real jobs runs in the gateway's integration tests.
 */
final class ClusterPipelineExecutorTest {
    private static final ClusterEndpoint CLUSTER =
            new ClusterEndpoint("test", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 1));
    private static final NextJob JOB =
            NextJob.of(new JobRequest("statement 1", Duration.ofSeconds(30), "sluice.query.timeout", Duration.ZERO));

    private final ClusterAdmission admission = new ClusterAdmission("test", () -> 1, 10, System::nanoTime);
    private final ClusterPipelineExecutor executor = new ClusterPipelineExecutor(CLUSTER, new NoClients(), admission);

    @Test
    void aSubmissionWithoutAJobReturnsItsValueAndNoTimings() {
        Submitted<String> submitted = executor.submit(JOB, () -> "created");

        assertThat(submitted.value()).isEqualTo("created");
        assertThat(submitted.job()).isEmpty();
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

    /** Clients of a cluster that nothing here may call. */
    private static final class NoClients implements ClusterClients {
        @Override
        public ClusterClientProvider<StandaloneClusterId> provider(ClusterEndpoint cluster) {
            throw new AssertionError("no call to the cluster is expected");
        }

        @Override
        public void close() {}
    }
}
