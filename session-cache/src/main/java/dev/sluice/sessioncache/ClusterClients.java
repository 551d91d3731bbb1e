package dev.sluice.sessioncache;

import com.github.benmanes.caffeine.cache.Scheduler;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.sluice.sessioncache.rest.FlinkRestConnectionCounter;
import dev.sluice.sessioncache.rest.JobManagerConnectionPool;
import dev.sluice.sessioncache.rest.PooledRestClient;
import dev.sluice.sessioncache.rest.RestConnectionSettings;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.highavailability.ClientHighAvailabilityServicesFactory;
import org.apache.flink.runtime.highavailability.DefaultClientHighAvailabilityServicesFactory;
import org.apache.flink.runtime.rest.RestClientConfiguration;

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
                        config,
                        flinkConfiguration,
                        stats,
                        Ticker.systemTicker(),
                        ForkJoinPool.commonPool(),
                        Scheduler.systemScheduler())
                : new PerCallClusterClients(flinkConfiguration, stats);
    }

    /**
     * A new REST cluster client for {@code cluster} on Flink's own transport (a connection per request), counting it
     * and the leader retriever it creates.
     */
    static RestClusterClient<StandaloneClusterId> newRestClient(
            ClusterEndpoint cluster, Configuration flinkConfiguration, ClusterClientStats stats) {
        requireNonNull(cluster, "cluster is null");
        Configuration configuration = FlinkRestConnectionCounter.register(
                cluster.restConfiguration(flinkConfiguration), stats.restConnectionEvents(cluster.name()));
        try {
            RestClusterClient<StandaloneClusterId> client =
                    new RestClusterClient<>(
                            configuration,
                            StandaloneClusterId.getInstance(),
                            countingHighAvailability(cluster, stats)) {
                        @Override
                        public void close() {
                            super.close();
                            FlinkRestConnectionCounter.unregister(configuration);
                        }
                    };
            stats.clientCreated(cluster.name());
            return client;
        } catch (Exception e) {
            FlinkRestConnectionCounter.unregister(configuration);
            throw new ClusterUnavailableException(cluster, e);
        }
    }

    /**
     * A new REST cluster client for {@code cluster} whose requests go over pooled keep-alive connections, counting
     * it, its leader retriever and every connection it opens. Closing the client closes its connections.
     */
    static RestClusterClient<StandaloneClusterId> newPooledRestClient(
            ClusterEndpoint cluster,
            Configuration flinkConfiguration,
            RestConnectionSettings settings,
            ClusterClientStats stats) {
        requireNonNull(cluster, "cluster is null");
        Configuration configuration = cluster.restConfiguration(flinkConfiguration);
        JobManagerConnectionPool connections = null;
        PooledRestClient transport = null;
        try {
            connections = new JobManagerConnectionPool(
                    cluster.name(),
                    RestClientConfiguration.fromConfiguration(configuration),
                    settings,
                    stats.restConnectionEvents(cluster.name()));
            transport = PooledRestClient.create(configuration, connections, "sluice-rest-" + cluster.name() + "-io");
            RestClusterClient<StandaloneClusterId> client = RestClusterClientConstructor.create(
                    configuration, transport, countingHighAvailability(cluster, stats));
            stats.clientCreated(cluster.name());
            return client;
        } catch (Exception e) {
            // the transport owns the connections once it exists; close whichever was made
            if (transport != null) {
                transport.closeAsync();
            } else if (connections != null) {
                connections.close();
            }
            throw new ClusterUnavailableException(cluster, e);
        }
    }

    private static ClientHighAvailabilityServicesFactory countingHighAvailability(
            ClusterEndpoint cluster, ClusterClientStats stats) {
        return (configuration, fatalErrorHandler) -> {
            stats.leaderRetrieverCreated(cluster.name());
            return DefaultClientHighAvailabilityServicesFactory.INSTANCE.create(configuration, fatalErrorHandler);
        };
    }
}
