package dev.sluice.session;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

final class ClusterEndpointTest {
    private static final ClusterEndpoint PROD =
            new ClusterEndpoint("prod", ClusterKind.REMOTE, new HostAndPort("jm.example.com", 8081));

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
}
