package dev.sluice.gateway.settings;

import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * Decides, per cluster, whether a new session's batch jobs run under Flink's Default scheduler with pipelined
 * exchanges, and sets the two options in the session's configuration when they do.
 *
 * <p>Why: under Flink's adaptive batch scheduler a short query's stages run one after another, each deployed when the
 * one before has finished, and the scheduler builds its adaptive graph for every job; pipelined under the Default
 * scheduler they run at once (docs/benchmarks.md, "Cluster profile: measured"). Flink picks a batch job's scheduler
 * from the job's own configuration only when the cluster leaves {@code jobmanager.scheduler} unset; a cluster that
 * pins the adaptive batch scheduler fails every pipelined job with an exchange (an {@code IllegalStateException} in its
 * execution topology). So a remote cluster's configuration is read first, once, and until it is known the cluster's
 * sessions keep Flink's defaults: opening a session never waits for a cluster. Thread-safe.
 */
public final class PipelinedBatchProfile {
    private static final Logger LOG = LoggerFactory.getLogger(PipelinedBatchProfile.class);

    private enum Decision {
        READING,
        APPLY,
        KEEP_FLINK_DEFAULTS
    }

    private final boolean enabled;
    private final Function<ClusterEndpoint, Optional<String>> clusterScheduler;
    private final Executor reads;
    private final Map<String, Decision> decisions = new ConcurrentHashMap<>();
    // clusters whose failed read was logged at INFO since their last answer: one that stays down is asked by every new
    // session, and logged once
    private final Set<String> failureLogged = ConcurrentHashMap.newKeySet();

    /**
     * @param option {@code sluice.session.pipelined-batch}
     * @param flinkConfiguration the gateway's Flink options: when they set the scheduler or the shuffle mode, the
     *     operator has chosen and the profile is off
     * @param clusterScheduler the {@code jobmanager.scheduler} a remote cluster's configuration sets, if any; may
     *     block for a few seconds and throw when the cluster does not answer
     * @param reads runs the reads of the clusters' configurations
     */
    public PipelinedBatchProfile(
            boolean option,
            Configuration flinkConfiguration,
            Function<ClusterEndpoint, Optional<String>> clusterScheduler,
            Executor reads) {
        this.enabled = option
                && !flinkConfiguration.contains(JobManagerOptions.SCHEDULER)
                && !flinkConfiguration.contains(ExecutionOptions.BATCH_SHUFFLE_MODE);
        this.clusterScheduler = requireNonNull(clusterScheduler, "clusterScheduler is null");
        this.reads = requireNonNull(reads, "reads is null");
        if (option && !enabled) {
            LOG.info(
                    "Batch jobs keep the scheduler and shuffle mode of the configuration ({} and {} are not"
                            + " changed by sluice.session.pipelined-batch)",
                    JobManagerOptions.SCHEDULER.key(),
                    ExecutionOptions.BATCH_SHUFFLE_MODE.key());
        }
    }

    /** Starts reading each remote cluster's scheduler, so that the first sessions there find it known. */
    public void learn(Collection<ClusterEndpoint> clusters) {
        if (enabled) {
            clusters.stream()
                    .filter(cluster -> cluster.kind() != ClusterKind.EMBEDDED)
                    .forEach(this::startReading);
        }
    }

    /** Sets the profile's two options in {@code session}, a new session's configuration on {@code cluster}, if it applies. */
    public void applyTo(ClusterEndpoint cluster, Configuration session) {
        if (enabled && decide(cluster) == Decision.APPLY) {
            session.set(JobManagerOptions.SCHEDULER, JobManagerOptions.SchedulerType.Default);
            session.set(ExecutionOptions.BATCH_SHUFFLE_MODE, BatchShuffleMode.ALL_EXCHANGES_PIPELINED);
        }
    }

    private Decision decide(ClusterEndpoint cluster) {
        if (cluster.kind() == ClusterKind.EMBEDDED) {
            // started by the gateway with its Flink options, which set no scheduler when the profile is on
            return Decision.APPLY;
        }
        Decision known = decisions.get(cluster.name());
        if (known == null) {
            startReading(cluster);
            return Decision.READING;
        }
        return known;
    }

    private void startReading(ClusterEndpoint cluster) {
        if (decisions.putIfAbsent(cluster.name(), Decision.READING) != null) {
            return;
        }
        reads.execute(() -> {
            try {
                Optional<String> scheduler = clusterScheduler.apply(cluster);
                boolean pipelined = scheduler.isEmpty()
                        || scheduler.get().equalsIgnoreCase(JobManagerOptions.SchedulerType.Default.name());
                decisions.put(cluster.name(), pipelined ? Decision.APPLY : Decision.KEEP_FLINK_DEFAULTS);
                failureLogged.remove(cluster.name());
                if (pipelined) {
                    LOG.info(
                            "Cluster '{}' leaves {} to each job: batch jobs run pipelined under the Default"
                                    + " scheduler",
                            cluster.name(),
                            JobManagerOptions.SCHEDULER.key());
                } else {
                    LOG.info(
                            "Cluster '{}' sets {}: {}; its batch jobs keep Flink's blocking exchanges",
                            cluster.name(),
                            JobManagerOptions.SCHEDULER.key(),
                            scheduler.get());
                }
            } catch (RuntimeException e) {
                // asked again when the next session opens there; until then, Flink's defaults
                decisions.remove(cluster.name());
                String message = "Cluster '{}' did not tell its scheduler ({}); its new sessions keep Flink's batch"
                        + " defaults until it does";
                if (failureLogged.add(cluster.name())) {
                    LOG.info(message, cluster.name(), e.toString());
                } else {
                    LOG.debug(message, cluster.name(), e.toString());
                }
            }
        });
    }
}
