package dev.sluice.session;

import com.github.benmanes.caffeine.cache.Ticker;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.highavailability.ClientHighAvailabilityServicesFactory;
import org.apache.flink.runtime.highavailability.DefaultClientHighAvailabilityServicesFactory;

import java.util.concurrent.ForkJoinPool;

import static java.util.Objects.requireNonNull;

/**
 * Where a session's jobs get the REST cluster client for each call to a cluster (submit, status, result fetch,
 * cancel). Every caller closes the client it got, as Flink's own job client does; what closing means is up to the
 * implementation.
 */
public interface ClusterClients extends AutoCloseable {
    /** The client source for {@code cluster}. */
    ClusterClientProvider<StandaloneClusterId> provider(ClusterEndpoint cluster);

    /** Closes every client this source still holds. Never throws. */
    @Override
    void close();

    /** Reuse on: one cached client per cluster; reuse off: a new client per call, as stock Flink. */
    static ClusterClients create(
            SessionCacheConfig config, Configuration flinkConfiguration, ClusterClientStats stats) {
        return config.reuse()
                ? new CachedClusterClients(
                        config, flinkConfiguration, stats, Ticker.systemTicker(), ForkJoinPool.commonPool())
                : new PerCallClusterClients(flinkConfiguration, stats);
    }

    /** A new REST cluster client for {@code cluster}, counting it and the leader retriever it creates. */
    static RestClusterClient<StandaloneClusterId> newRestClient(
            ClusterEndpoint cluster, Configuration flinkConfiguration, ClusterClientStats stats) {
        requireNonNull(cluster, "cluster is null");
        ClientHighAvailabilityServicesFactory countingHighAvailability = (configuration, fatalErrorHandler) -> {
            stats.leaderRetrieverCreated(cluster.name());
            return DefaultClientHighAvailabilityServicesFactory.INSTANCE.create(configuration, fatalErrorHandler);
        };
        try {
            RestClusterClient<StandaloneClusterId> client = new RestClusterClient<>(
                    cluster.restConfiguration(flinkConfiguration),
                    StandaloneClusterId.getInstance(),
                    countingHighAvailability);
            stats.clientCreated(cluster.name());
            return client;
        } catch (Exception e) {
            throw new ClusterUnavailableException(cluster, e);
        }
    }
}
