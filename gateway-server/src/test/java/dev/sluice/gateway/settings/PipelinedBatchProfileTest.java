package dev.sluice.gateway.settings;

import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.ClusterUnavailableException;
import dev.sluice.sessioncache.HostAndPort;
import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

final class PipelinedBatchProfileTest {
    private static final ClusterEndpoint EMBEDDED =
            new ClusterEndpoint("embedded", ClusterKind.EMBEDDED, new HostAndPort("127.0.0.1", 1));
    private static final ClusterEndpoint REMOTE =
            new ClusterEndpoint("remote", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 2));

    /** Runs the profile's reads when the test says so. */
    private final Queue<Runnable> reads = new ArrayDeque<>();

    @Test
    void embeddedClusterRunsBatchJobsPipelinedUnderTheDefaultScheduler() {
        PipelinedBatchProfile profile = profile(true, new Configuration(), cluster -> {
            throw new AssertionError("the embedded cluster's configuration is the gateway's own");
        });

        Configuration session = sessionOn(profile, EMBEDDED);

        assertThat(session.get(JobManagerOptions.SCHEDULER)).isEqualTo(JobManagerOptions.SchedulerType.Default);
        assertThat(session.get(ExecutionOptions.BATCH_SHUFFLE_MODE))
                .isEqualTo(BatchShuffleMode.ALL_EXCHANGES_PIPELINED);
    }

    @Test
    void switchedOffLeavesFlinksDefaults() {
        PipelinedBatchProfile profile = profile(false, new Configuration(), cluster -> Optional.empty());
        profile.learn(List.of(REMOTE));

        assertThat(sessionOn(profile, EMBEDDED).toMap()).isEmpty();
        assertThat(reads).isEmpty();
    }

    @Test
    void anOperatorsChoiceOfEitherOptionWins() {
        Configuration chosen = new Configuration();
        chosen.set(ExecutionOptions.BATCH_SHUFFLE_MODE, BatchShuffleMode.ALL_EXCHANGES_BLOCKING);
        PipelinedBatchProfile profile = profile(true, chosen, cluster -> Optional.empty());

        assertThat(sessionOn(profile, EMBEDDED).toMap()).isEmpty();
    }

    @Test
    void remoteClusterThatLeavesTheSchedulerToEachJobGetsTheProfileOnceItsConfigurationIsRead() {
        AtomicInteger asked = new AtomicInteger();
        PipelinedBatchProfile profile = profile(true, new Configuration(), cluster -> {
            asked.incrementAndGet();
            return Optional.empty();
        });

        // never waits for the cluster: until the read has run, Flink's defaults
        assertThat(sessionOn(profile, REMOTE).toMap()).isEmpty();
        assertThat(sessionOn(profile, REMOTE).toMap()).isEmpty();
        runReads();

        assertThat(sessionOn(profile, REMOTE).get(JobManagerOptions.SCHEDULER))
                .isEqualTo(JobManagerOptions.SchedulerType.Default);
        assertThat(asked).hasValue(1);
    }

    @Test
    void remoteClusterThatSetsTheSchedulerToDefaultGetsTheProfile() {
        PipelinedBatchProfile profile = profile(true, new Configuration(), cluster -> Optional.of("default"));
        profile.learn(List.of(REMOTE, EMBEDDED));
        runReads();

        assertThat(sessionOn(profile, REMOTE).get(ExecutionOptions.BATCH_SHUFFLE_MODE))
                .isEqualTo(BatchShuffleMode.ALL_EXCHANGES_PIPELINED);
    }

    @Test
    void remoteClusterThatPinsTheAdaptiveBatchSchedulerKeepsFlinksDefaults() {
        PipelinedBatchProfile profile = profile(true, new Configuration(), cluster -> Optional.of("AdaptiveBatch"));
        profile.learn(List.of(REMOTE));
        runReads();

        assertThat(sessionOn(profile, REMOTE).toMap()).isEmpty();
    }

    @Test
    void clusterThatDoesNotAnswerIsAskedAgainByTheNextSession() {
        AtomicInteger asked = new AtomicInteger();
        PipelinedBatchProfile profile = profile(true, new Configuration(), cluster -> {
            if (asked.incrementAndGet() == 1) {
                throw new ClusterUnavailableException(cluster, new java.net.ConnectException("refused"));
            }
            return Optional.empty();
        });
        profile.learn(List.of(REMOTE));
        runReads();

        assertThat(sessionOn(profile, REMOTE).toMap()).isEmpty();
        runReads();
        assertThat(sessionOn(profile, REMOTE).get(JobManagerOptions.SCHEDULER))
                .isEqualTo(JobManagerOptions.SchedulerType.Default);
        assertThat(asked).hasValue(2);
    }

    private PipelinedBatchProfile profile(
            boolean option, Configuration flinkOptions, Function<ClusterEndpoint, Optional<String>> scheduler) {
        return new PipelinedBatchProfile(option, flinkOptions, scheduler, reads::add);
    }

    private static Configuration sessionOn(PipelinedBatchProfile profile, ClusterEndpoint cluster) {
        Configuration session = new Configuration();
        profile.applyTo(cluster, session);
        return session;
    }

    private void runReads() {
        Runnable read;
        while ((read = reads.poll()) != null) {
            read.run();
        }
    }
}
