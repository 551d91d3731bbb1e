package dev.sluice.gateway;

import dev.sluice.gateway.cluster.EmbeddedFlinkCluster;
import dev.sluice.sessioncache.ClusterDefinition;
import dev.sluice.sessioncache.ClusterEndpoint;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The session clusters the configuration declares, as endpoints: an embedded cluster is started here (and its close
 * pushed on the gateway's stack); a remote one is not contacted, so that a cluster that is down fails queries with a
 * clear error (08006) instead of stopping the gateway.
 *
 * @param embedded the embedded cluster, if one is declared
 */
record ClusterEndpointsStartup(
        List<ClusterEndpoint> endpoints, @Nullable EmbeddedFlinkCluster embedded) {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterEndpointsStartup.class);

    static ClusterEndpointsStartup start(GatewayConfig config, CloseableStack components) throws Exception {
        EmbeddedFlinkCluster embedded = null;
        List<ClusterEndpoint> endpoints = new ArrayList<>();
        for (ClusterDefinition cluster : config.clusters()) {
            switch (cluster.kind()) {
                case EMBEDDED -> {
                    embedded = components.push(
                            "embedded cluster '" + cluster.name() + "'",
                            EmbeddedFlinkCluster.start(
                                    cluster.name(), config.flinkOptions(), config.embeddedCluster()));
                    endpoints.add(embedded.endpoint());
                }
                case REMOTE, ZOOKEEPER -> {
                    endpoints.add(new ClusterEndpoint(
                            cluster.name(), cluster.kind(), requireNonNull(cluster.restAddress(), "restAddress")));
                    LOG.info("{} session cluster '{}' at {}", cluster.kind(), cluster.name(), cluster.restAddress());
                }
            }
        }
        return new ClusterEndpointsStartup(List.copyOf(endpoints), embedded);
    }
}
