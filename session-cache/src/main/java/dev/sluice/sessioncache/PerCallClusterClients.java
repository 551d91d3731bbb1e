package dev.sluice.sessioncache;

import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.configuration.Configuration;

import static java.util.Objects.requireNonNull;

/**
 * Stock Flink's behaviour, kept to measure against: a new cluster descriptor, REST client (with its thread pools and
 * leader retriever) for every call, closed by the caller.
 */
final class PerCallClusterClients implements ClusterClients {
    private final Configuration flinkConfiguration;
    private final ClusterClientStats stats;

    PerCallClusterClients(Configuration flinkConfiguration, ClusterClientStats stats) {
        this.flinkConfiguration = requireNonNull(flinkConfiguration, "flinkConfiguration is null");
        this.stats = requireNonNull(stats, "stats is null");
    }

    @Override
    public ClusterClientProvider<StandaloneClusterId> provider(ClusterEndpoint cluster) {
        return () -> {
            stats.descriptorCreated(cluster.name());
            return ClusterClients.newRestClient(cluster, flinkConfiguration, stats);
        };
    }

    @Override
    public void close() {
        // every client belongs to its caller
    }
}
