package dev.sluice.jobs.admission;

import dev.sluice.sessioncache.AdmissionLimits;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterOverviews;
import org.apache.flink.configuration.ReadableConfig;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Function;
import java.util.function.IntSupplier;

import static java.util.Objects.requireNonNull;

/** The admission of each cluster a gateway serves, made when the cluster's first job comes. */
public final class ClusterAdmissions {
    private final Function<ClusterEndpoint, ClusterAdmission> factory;
    private final Map<String, ClusterAdmission> byCluster = new ConcurrentHashMap<>();

    /** @param config the gateway's configuration, with the {@code sluice.cluster.<name>.admission.*} options */
    public ClusterAdmissions(ClusterClients clients, ReadableConfig config) {
        requireNonNull(clients, "clients is null");
        requireNonNull(config, "config is null");
        this.factory = cluster -> create(cluster, clients, config);
    }

    private ClusterAdmissions(Function<ClusterEndpoint, ClusterAdmission> factory) {
        this.factory = factory;
    }

    /** No admission on any cluster: every job goes straight to it. */
    public static ClusterAdmissions unlimited() {
        return new ClusterAdmissions(cluster -> ClusterAdmission.unlimited());
    }

    /** The admission of {@code cluster}. */
    public ClusterAdmission of(ClusterEndpoint cluster) {
        return byCluster.computeIfAbsent(cluster.name(), name -> factory.apply(cluster));
    }

    /** Jobs of cluster {@code name} in flight now, as admission counts them; 0 before its first job. */
    public int running(String name) {
        ClusterAdmission admission = byCluster.get(name);
        return admission == null ? 0 : admission.running();
    }

    /** Queries waiting for admission to cluster {@code name} now. */
    public int queued(String name) {
        ClusterAdmission admission = byCluster.get(name);
        return admission == null ? 0 : admission.queued();
    }

    private static ClusterAdmission create(ClusterEndpoint cluster, ClusterClients clients, ReadableConfig config) {
        AdmissionLimits limits = AdmissionLimits.from(config, cluster.name());
        if (limits.isOff()) {
            return ClusterAdmission.unlimited();
        }
        IntSupplier capacity = limits.maxRunningJobs() > 0
                ? limits::maxRunningJobs
                : new SlotCapacity(
                        cluster.name(),
                        () -> ClusterOverviews.totalTaskSlots(clients, cluster),
                        System::nanoTime,
                        ForkJoinPool.commonPool());
        return new ClusterAdmission(
                cluster.name(),
                capacity,
                limits.maxQueued(),
                limits.maxQueriesPerJob(),
                limits.gatherTime(),
                limits.maxUserShare(),
                System::nanoTime);
    }
}
