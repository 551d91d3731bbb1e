package dev.sluice.gateway.cluster;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.runtime.entrypoint.component.DefaultDispatcherResourceManagerComponentFactory;
import org.apache.flink.runtime.entrypoint.component.DispatcherResourceManagerComponentFactory;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.resourcemanager.StandaloneResourceManagerFactory;
import org.apache.flink.runtime.util.ArchivedApplicationStoreUtils;

import java.time.Duration;

/**
 * A MiniCluster whose JobManager remembers a bounded number of finished jobs for a bounded time
 * ({@link BoundedArchivedApplications}), rather than every job it ever ran.
 */
final class BoundedJobStoreMiniCluster extends MiniCluster {
    /**
     * Finished jobs kept when the operator does not set {@code jobstore.max-capacity}: Flink's own default is no limit,
     * which a cluster inside the gateway cannot afford; the same number as {@code conf/flink/config.yaml}'s.
     */
    static final int DEFAULT_CAPACITY = 500;

    private final int capacity;
    private final Duration expiration;

    BoundedJobStoreMiniCluster(MiniClusterConfiguration configuration) {
        super(configuration);
        Configuration options = configuration.getConfiguration();
        this.capacity = capacity(options);
        this.expiration = ArchivedApplicationStoreUtils.getExpirationTime(options);
    }

    /** {@code jobstore.max-capacity} (or its newer name) if set, else {@link #DEFAULT_CAPACITY}. */
    static int capacity(Configuration options) {
        int capacity = options.getOptional(JobManagerOptions.COMPLETED_APPLICATION_STORE_MAX_CAPACITY)
                .orElse(DEFAULT_CAPACITY);
        if (capacity < 1) {
            throw new IllegalArgumentException(JobManagerOptions.JOB_STORE_MAX_CAPACITY.key()
                    + " must be at least 1 for the embedded cluster, was " + capacity);
        }
        return capacity;
    }

    /** Finished jobs kept, at most. */
    int capacity() {
        return capacity;
    }

    /** How long a finished job is kept. */
    Duration expiration() {
        return expiration;
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
