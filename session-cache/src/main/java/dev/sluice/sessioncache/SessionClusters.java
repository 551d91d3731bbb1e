package dev.sluice.sessioncache;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The clusters a running gateway serves, by name; the first is the default. Immutable. */
public final class SessionClusters {
    private final Map<String, ClusterEndpoint> byName;
    private final ClusterEndpoint defaultCluster;
    private final List<String> names;

    public SessionClusters(List<ClusterEndpoint> endpoints) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("endpoints is empty");
        }
        Map<String, ClusterEndpoint> map = new LinkedHashMap<>();
        for (ClusterEndpoint endpoint : endpoints) {
            if (map.put(endpoint.name(), endpoint) != null) {
                throw new IllegalArgumentException("cluster '" + endpoint.name() + "' is declared twice");
            }
        }
        this.byName = Map.copyOf(map);
        this.defaultCluster = endpoints.get(0);
        this.names = List.copyOf(map.keySet());
    }

    /** Returns the default cluster. */
    public ClusterEndpoint defaultCluster() {
        return defaultCluster;
    }

    /** Returns every cluster name, in declaration order. */
    public List<String> names() {
        return names;
    }

    /**
     * Returns the cluster called {@code name}.
     *
     * @throws UnknownClusterException if there is none
     */
    public ClusterEndpoint require(String name) {
        ClusterEndpoint endpoint = byName.get(name);
        if (endpoint == null) {
            throw new UnknownClusterException(name, names);
        }
        return endpoint;
    }
}
