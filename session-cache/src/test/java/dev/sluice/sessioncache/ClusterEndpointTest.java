package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.HighAvailabilityOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.highavailability.ClientHighAvailabilityServices;
import org.apache.flink.runtime.highavailability.DefaultClientHighAvailabilityServicesFactory;
import org.apache.flink.runtime.highavailability.nonha.standalone.StandaloneClientHAServices;
import org.apache.flink.runtime.highavailability.zookeeper.ZooKeeperClientHAServices;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ClusterEndpointTest {
    private static final ClusterEndpoint PROD =
            new ClusterEndpoint("prod", ClusterKind.REMOTE, new HostAndPort("jm.example.com", 8081));
    // port 1 on loopback: nothing answers, and the tests below never wait for an answer
    private static final ClusterEndpoint HIGHLY_AVAILABLE = new ClusterEndpoint(
            "ha",
            ClusterKind.ZOOKEEPER,
            new ZooKeeperRestAddress(List.of(new HostAndPort("127.0.0.1", 1)), "/analytics", "/flink"));

    @Test
    void pointsAtTheClusterRestEndpoint() {
        Configuration rest = PROD.restConfiguration(new Configuration());

        assertThat(rest.get(RestOptions.ADDRESS)).isEqualTo("jm.example.com");
        assertThat(rest.get(RestOptions.PORT)).isEqualTo(8081);
    }

    @Test
    void keepsOtherOptions() {
        Configuration base = new Configuration();
        base.set(CoreOptions.DEFAULT_PARALLELISM, 4);
        base.setString("table.local-time-zone", "Europe/Berlin");
        base.set(DeploymentOptions.TARGET, "local");

        Configuration rest = PROD.restConfiguration(base);

        assertThat(rest.get(CoreOptions.DEFAULT_PARALLELISM)).isEqualTo(4);
        assertThat(rest.toMap()).containsEntry("table.local-time-zone", "Europe/Berlin");
        assertThat(rest.get(DeploymentOptions.TARGET)).isEqualTo("local");
    }

    @Test
    void leavesTheBaseConfigurationUnchanged() {
        Configuration base = new Configuration();
        base.set(CoreOptions.DEFAULT_PARALLELISM, 4);

        PROD.restConfiguration(base);

        assertThat(base.toMap()).containsOnlyKeys(CoreOptions.DEFAULT_PARALLELISM.key());
    }

    @Test
    void usesTheBareIpv6AddressForRest() {
        ClusterEndpoint endpoint = new ClusterEndpoint("v6", ClusterKind.REMOTE, new HostAndPort("::1", 8081));

        assertThat(endpoint.restConfiguration(new Configuration()).get(RestOptions.ADDRESS))
                .isEqualTo("::1");
    }

    @Test
    void fixedAddressIgnoresHighAvailabilityOfTheGlobalConfiguration() throws Exception {
        Configuration base = new Configuration();
        base.set(HighAvailabilityOptions.HA_MODE, "zookeeper");
        base.set(HighAvailabilityOptions.HA_ZOOKEEPER_QUORUM, "127.0.0.1:1");

        Configuration rest = new ClusterEndpoint("local", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 8081))
                .restConfiguration(base);

        assertThat(rest.get(HighAvailabilityOptions.HA_MODE)).isEqualTo("NONE");
        try (ClientHighAvailabilityServices services = clientServices(rest)) {
            assertThat(services).isInstanceOf(StandaloneClientHAServices.class);
        }
    }

    @Test
    void zooKeeperClusterGetsFlinksZooKeeperClientServices() throws Exception {
        Configuration rest = HIGHLY_AVAILABLE.restConfiguration(new Configuration());

        assertThat(rest.get(HighAvailabilityOptions.HA_ZOOKEEPER_QUORUM)).isEqualTo("127.0.0.1:1");
        assertThat(rest.get(HighAvailabilityOptions.HA_CLUSTER_ID)).isEqualTo("/analytics");
        // Flink reads the options Sluice writes: the client's leader retriever will watch ZooKeeper
        try (ClientHighAvailabilityServices services = clientServices(rest)) {
            assertThat(services).isInstanceOf(ZooKeeperClientHAServices.class);
        }
    }

    @Test
    void rejectsZooKeeperAddressForRemoteCluster() {
        assertThatThrownBy(() -> new ClusterEndpoint("ha", ClusterKind.REMOTE, HIGHLY_AVAILABLE.restAddress()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Cluster 'ha' of kind REMOTE cannot have its REST endpoint at the leader via ZooKeeper"
                        + " 127.0.0.1:1/flink/analytics");
    }

    @Test
    void rejectsFixedAddressForZooKeeperCluster() {
        assertThatThrownBy(() -> new ClusterEndpoint("ha", ClusterKind.ZOOKEEPER, new HostAndPort("jm", 8081)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Cluster 'ha' of kind ZOOKEEPER cannot have its REST endpoint at jm:8081");
    }

    private static ClientHighAvailabilityServices clientServices(Configuration configuration) throws Exception {
        return DefaultClientHighAvailabilityServicesFactory.INSTANCE.create(configuration, error -> {});
    }
}
