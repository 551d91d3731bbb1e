package dev.sluice.sessioncache;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Scheduler;
import com.github.benmanes.caffeine.cache.Ticker;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.configuration.Configuration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executor;

import static java.util.Objects.requireNonNull;

/**
 * One REST cluster client per cluster, shared by every session and every call: its leader retriever, thread pools
 * and pooled keep-alive connections to the JobManager are created once. Entries expire after the idle timeout and are closed when evicted and at
 * shutdown. Callers get a view whose {@code close()} does nothing, so Flink's job client, which closes the client
 * after every call, cannot close the shared one.
 */
final class CachedClusterClients implements ClusterClients {
    private static final Logger LOG = LoggerFactory.getLogger(CachedClusterClients.class);

    private final LoadingCache<ClusterEndpoint, SharedClient> clients;

    /** A cluster's shared client, and how long its JobManager caches job details, asked once per client. */
    private record SharedClient(RestClusterClient<StandaloneClusterId> client, ExecutionGraphCacheTtl cacheTtl) {}

    /**
     * @param ticker Caffeine's clock: {@code Ticker.systemTicker()}, or a fake one in tests
     * @param maintenance runs evictions and closes evicted clients
     * @param scheduler wakes the cache when an idle client is due, so it is closed on time even if no query comes
     *     (without one, Caffeine evicts only when the cache is used)
     */
    CachedClusterClients(
            SessionCacheConfig config,
            Configuration flinkConfiguration,
            ClusterClientStats stats,
            Ticker ticker,
            Executor maintenance,
            Scheduler scheduler) {
        requireNonNull(flinkConfiguration, "flinkConfiguration is null");
        requireNonNull(stats, "stats is null");
        this.clients = Caffeine.newBuilder()
                .maximumSize(config.maxSize())
                .expireAfterAccess(config.idleTimeout())
                .ticker(requireNonNull(ticker, "ticker is null"))
                .executor(requireNonNull(maintenance, "maintenance is null"))
                .scheduler(requireNonNull(scheduler, "scheduler is null"))
                .removalListener((ClusterEndpoint cluster, SharedClient shared, RemovalCause cause) ->
                        closeQuietly(cluster, shared == null ? null : shared.client(), cause, stats))
                .recordStats()
                .build(cluster -> {
                    stats.descriptorCreated(cluster.name());
                    LOG.info(
                            "Opening the shared REST client of cluster '{}' at {}",
                            cluster.name(),
                            cluster.restAddress());
                    RestClusterClient<StandaloneClusterId> client = config.pooledConnections()
                            ? ClusterClients.newPooledRestClient(
                                    cluster, flinkConfiguration, config.connections(), stats)
                            : ClusterClients.newRestClient(cluster, flinkConfiguration, stats);
                    return new SharedClient(
                            client,
                            new ExecutionGraphCacheTtl(cluster.name(), () -> ClusterOverviews.configuration(client)));
                });
    }

    @Override
    public ClusterClientProvider<StandaloneClusterId> provider(ClusterEndpoint cluster) {
        requireNonNull(cluster, "cluster is null");
        return () -> {
            SharedClient shared = clients.get(cluster);
            return new NonClosingClusterClient<>(shared.client(), shared.cacheTtl());
        };
    }

    @Override
    public void close() {
        clients.invalidateAll();
        clients.cleanUp();
    }

    /** Evictions are due in the background; this runs the ones due now (tests call it after moving the ticker). */
    void cleanUp() {
        clients.cleanUp();
    }

    private static void closeQuietly(
            @Nullable ClusterEndpoint cluster,
            @Nullable ClusterClient<?> client,
            RemovalCause cause,
            ClusterClientStats stats) {
        if (client == null) {
            return;
        }
        try {
            client.close();
            if (cluster != null) {
                stats.clientClosed(cluster.name());
            }
            LOG.info(
                    "Closed the shared REST client of cluster '{}' ({})",
                    cluster == null ? "?" : cluster.name(),
                    cause);
        } catch (RuntimeException e) {
            LOG.warn("Closing the REST client of cluster '{}' failed", cluster == null ? "?" : cluster.name(), e);
        }
    }
}
