package dev.sluice.gateway.cluster;

import org.apache.flink.runtime.entrypoint.component.DefaultDispatcherResourceManagerComponentFactory;
import org.apache.flink.runtime.entrypoint.component.DispatcherResourceManagerComponentFactory;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.resourcemanager.StandaloneResourceManagerFactory;

import java.time.Duration;

/**
 * A MiniCluster whose JobManager remembers a bounded number of finished jobs for a bounded time
 * ({@link BoundedArchivedApplications}), rather than every job it ever ran.
 */
final class BoundedJobStoreMiniCluster extends MiniCluster {
    private final int capacity;
    private final Duration expiration;

    /**
     * @param capacity the most finished jobs remembered ({@code EmbeddedClusterConfig#finishedJobsKept})
     * @param expiration how long a finished job is remembered
     */
    BoundedJobStoreMiniCluster(MiniClusterConfiguration configuration, int capacity, Duration expiration) {
        super(configuration);
        this.capacity = capacity;
        this.expiration = expiration;
    }

    @Override
    protected DispatcherResourceManagerComponentFactory createDispatcherResourceManagerComponentFactory() {
        DefaultDispatcherResourceManagerComponentFactory session =
                DefaultDispatcherResourceManagerComponentFactory.createSessionComponentFactory(
                        StandaloneResourceManagerFactory.getInstance());
        // the MiniCluster hands the factory a store of its own making, unbounded: it is replaced
        return (configuration,
                resourceId,
                ioExecutor,
                rpcService,
                highAvailabilityServices,
                blobServer,
                heartbeatServices,
                delegationTokenManager,
                metricRegistry,
                unboundedStore,
                metricQueryServiceRetriever,
                failureEnrichers,
                fatalErrorHandler) -> {
            unboundedStore.close();
            return session.create(
                    configuration,
                    resourceId,
                    ioExecutor,
                    rpcService,
                    highAvailabilityServices,
                    blobServer,
                    heartbeatServices,
                    delegationTokenManager,
                    metricRegistry,
                    new BoundedArchivedApplications(capacity, expiration, System::nanoTime),
                    metricQueryServiceRetriever,
                    failureEnrichers,
                    fatalErrorHandler);
        };
    }
}
