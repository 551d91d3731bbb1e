package dev.sluice.session;

import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.runtime.rest.handler.legacy.messages.ClusterOverviewWithVersion;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Reads a cluster's overview (task managers, slots, jobs) from its REST API. */
public final class ClusterOverviews {
    // an overview is one small REST call; a cluster slower than this is treated as not answering
    private static final long TIMEOUT_SECONDS = 5;

    private ClusterOverviews() {}

    /**
     * The total task slots of {@code cluster}, free or not.
     *
     * @throws ClusterUnavailableException if the cluster does not answer
     */
    public static int totalTaskSlots(ClusterClients clients, ClusterEndpoint cluster) {
        return capacity(clients, cluster).totalSlots();
    }

    /**
     * The task managers and slots of {@code cluster} now; also how readiness and the web page learn that a cluster
     * answers.
     *
     * @throws ClusterUnavailableException if the cluster does not answer within a few seconds
     */
    public static ClusterCapacity capacity(ClusterClients clients, ClusterEndpoint cluster) {
        try (ClusterClient<?> client = clients.provider(cluster).getClusterClient()) {
            ClusterClient<?> target = client instanceof NonClosingClusterClient<?> shared ? shared.shared() : client;
            if (!(target instanceof RestClusterClient<?> rest)) {
                throw new IllegalStateException("Cluster '" + cluster.name() + "' has no REST client: " + target);
            }
            ClusterOverviewWithVersion overview = rest.getClusterOverview().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return new ClusterCapacity(
                    overview.getNumTaskManagersConnected(),
                    overview.getNumSlotsTotal(),
                    overview.getNumSlotsAvailable());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterUnavailableException(cluster, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new ClusterUnavailableException(cluster, e);
        }
    }
}
