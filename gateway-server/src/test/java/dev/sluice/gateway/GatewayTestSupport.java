package dev.sluice.gateway;

import dev.sluice.gateway.config.GatewayConfig;
import org.apache.flink.configuration.Configuration;

import java.util.Map;

/** Starting gateways for tests: always on 127.0.0.1, port 0. */
final class GatewayTestSupport {
    private GatewayTestSupport() {}

    /** A gateway with the embedded cluster and {@code overrides} on top of the test defaults. */
    static SluiceGateway startGateway(Map<String, String> overrides) throws Exception {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.server.host", "127.0.0.1",
                "sluice.server.port", "0",
                "sluice.embedded.task-slots", "4"));
        configuration.addAll(Configuration.fromMap(overrides));
        return SluiceGateway.start(GatewayConfig.from(configuration));
    }

    /**
     * A gateway without a cluster to run jobs on (its one cluster is a REMOTE address where nothing listens): quick to
     * start, for tests of the transport, where connecting, {@code SET} and metadata calls never reach a cluster.
     */
    static SluiceGateway startTransportOnlyGateway(Map<String, String> overrides) throws Exception {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.server.host", "127.0.0.1",
                "sluice.server.port", "0",
                "sluice.clusters", "nowhere",
                "sluice.cluster.nowhere.type", "REMOTE",
                "sluice.cluster.nowhere.rest-address", "127.0.0.1:1"));
        configuration.addAll(Configuration.fromMap(overrides));
        return SluiceGateway.start(GatewayConfig.from(configuration));
    }
}
