package dev.sluice.gateway.health;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterOverviews;
import dev.sluice.sessioncache.SessionClusters;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Asks every declared cluster for its overview through the shared cluster clients, as a query would reach it, so a
 * cluster counts as reachable only when a query could be submitted to it.
 */
public final class ClusterProbes {
    private final SessionClusters clusters;
    private final ClusterClients clients;

    public ClusterProbes(SessionClusters clusters, ClusterClients clients) {
        this.clusters = requireNonNull(clusters, "clusters is null");
        this.clients = requireNonNull(clients, "clients is null");
    }

    /** The state of every cluster, in declaration order; blocks up to a few seconds per cluster that hangs. */
    public List<ClusterState> probe() {
        List<ClusterState> states = new ArrayList<>();
        String defaultName = clusters.defaultCluster().name();
        for (String name : clusters.names()) {
            ClusterEndpoint cluster = clusters.require(name);
            boolean isDefault = name.equals(defaultName);
            try {
                states.add(new ClusterState(name, isDefault, ClusterOverviews.capacity(clients, cluster), ""));
            } catch (RuntimeException e) { // any failure to answer means not reachable; the reason goes to the body
                states.add(new ClusterState(name, isDefault, null, rootMessage(e)));
            }
        }
        return states;
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = ExceptionChain.root(failure);
        String message = root.getMessage();
        return message == null ? root.getClass().getSimpleName() : message;
    }
}
