package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.HighAvailabilityOptions;
import org.apache.flink.runtime.util.ZooKeeperUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ZooKeeperRestAddressTest {
    private static final ZooKeeperRestAddress TWO_SERVERS = new ZooKeeperRestAddress(
            List.of(new HostAndPort("zk1", 2181), new HostAndPort("::1", 2182)), "/analytics", "/flink");

    @Test
    void writesFlinksZooKeeperHighAvailabilityOptions() {
        Configuration configuration = new Configuration();

        TWO_SERVERS.applyTo(configuration);

        assertThat(configuration.get(HighAvailabilityOptions.HA_MODE)).isEqualTo("zookeeper");
        assertThat(configuration.get(HighAvailabilityOptions.HA_ZOOKEEPER_QUORUM))
                .isEqualTo("zk1:2181,[::1]:2182");
        assertThat(configuration.get(HighAvailabilityOptions.HA_CLUSTER_ID)).isEqualTo("/analytics");
        assertThat(configuration.get(HighAvailabilityOptions.HA_ZOOKEEPER_ROOT)).isEqualTo("/flink");
    }

    @Test
    void replacesZooKeeperOptionsOfTheGlobalConfiguration() {
        Configuration configuration = new Configuration();
        configuration.set(HighAvailabilityOptions.HA_ZOOKEEPER_QUORUM, "other:2181");
        configuration.set(HighAvailabilityOptions.HA_CLUSTER_ID, "/other");

        TWO_SERVERS.applyTo(configuration);

        assertThat(configuration.get(HighAvailabilityOptions.HA_ZOOKEEPER_QUORUM))
                .isEqualTo("zk1:2181,[::1]:2182");
        assertThat(configuration.get(HighAvailabilityOptions.HA_CLUSTER_ID)).isEqualTo("/analytics");
    }

    @ParameterizedTest
    @CsvSource({
        "/flink, /default, /flink/default",
        "flink, default, /flink/default",
        "/flink/, /default/, /flink/default",
        "/teams/bi, application_1, /teams/bi/application_1",
        "/, /default, /default"
    })
    void joinsTheNamespaceAsFlinkDoes(String rootPath, String clusterId, String namespace) {
        ZooKeeperRestAddress address =
                new ZooKeeperRestAddress(List.of(new HostAndPort("zk", 2181)), clusterId, rootPath);

        assertThat(address.namespace())
                .isEqualTo(namespace)
                .isEqualTo(ZooKeeperUtils.generateZookeeperPath(rootPath, clusterId));
    }

    @Test
    void describesItselfByQuorumAndNamespace() {
        assertThat(TWO_SERVERS).hasToString("the leader via ZooKeeper zk1:2181,[::1]:2182/flink/analytics");
    }

    @Test
    void rejectsEmptyQuorum() {
        assertThatThrownBy(() -> new ZooKeeperRestAddress(List.of(), "/default", "/flink"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("quorum is empty");
    }

    @Test
    void rejectsPathWithBlanks() {
        assertThatThrownBy(
                        () -> new ZooKeeperRestAddress(List.of(new HostAndPort("zk", 2181)), "/default", "/my flink"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rootPath must be a ZooKeeper path such as /flink, without blanks or empty segments, was"
                        + " '/my flink'");
    }

    @Test
    void isAbsentWithoutQuorum() {
        assertThat(ZooKeeperRestAddress.find("ha", new Configuration())).isEmpty();
    }
}
