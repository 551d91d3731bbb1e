package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ClusterDefinitionTest {
    private static final FixedRestAddress JOB_MANAGER = new FixedRestAddress(new HostAndPort("jm", 8081));
    private static final ZooKeeperRestAddress ZOOKEEPER =
            new ZooKeeperRestAddress(List.of(new HostAndPort("zk", 2181)), "/default", "/flink");

    @Test
    void acceptsEmbeddedClusterWithoutAddress() {
        assertThat(new ClusterDefinition("local", ClusterKind.EMBEDDED, null).restAddress())
                .isNull();
    }

    @Test
    void acceptsRemoteClusterWithAddress() {
        assertThat(new ClusterDefinition("prod", ClusterKind.REMOTE, JOB_MANAGER).restAddress())
                .isEqualTo(JOB_MANAGER);
    }

    @Test
    void rejectsRemoteClusterWithoutAddress() {
        assertThatThrownBy(() -> new ClusterDefinition("prod", ClusterKind.REMOTE, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.prod.rest-address is required for a REMOTE cluster");
    }

    @Test
    void rejectsEmbeddedClusterWithAddress() {
        assertThatThrownBy(() -> new ClusterDefinition("local", ClusterKind.EMBEDDED, JOB_MANAGER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.local.rest-address must not be set for an EMBEDDED cluster, was jm:8081");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "prod", "prod2", "eu_west-1"})
    void acceptsValidName(String name) {
        assertThat(new ClusterDefinition(name, ClusterKind.EMBEDDED, null).name())
                .isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Prod", "1prod", "-prod", "_prod", "pr.od", "pr od", "prød"})
    void rejectsInvalidName(String name) {
        assertThatThrownBy(() -> new ClusterDefinition(name, ClusterKind.EMBEDDED, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(invalidName(name));
    }

    @Test
    void declaresOneEmbeddedClusterByDefault() {
        assertThat(ClusterDefinition.allFrom(new Configuration()))
                .containsExactly(new ClusterDefinition("embedded", ClusterKind.EMBEDDED, null));
    }

    @Test
    void readsClustersInDeclaredOrder() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "prod;local;staging",
                "sluice.cluster.prod.type", "REMOTE",
                "sluice.cluster.prod.rest-address", "jm:8081",
                "sluice.cluster.staging.type", "REMOTE",
                "sluice.cluster.staging.rest-address", "[::1]:9081"));

        assertThat(ClusterDefinition.allFrom(config))
                .containsExactly(
                        new ClusterDefinition("prod", ClusterKind.REMOTE, JOB_MANAGER),
                        new ClusterDefinition("local", ClusterKind.EMBEDDED, null),
                        new ClusterDefinition(
                                "staging", ClusterKind.REMOTE, new FixedRestAddress(new HostAndPort("::1", 9081))));
    }

    @Test
    void rejectsRemoteClusterWithoutAddressInConfiguration() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "prod",
                "sluice.cluster.prod.type", "REMOTE"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.prod.rest-address is required for a REMOTE cluster");
    }

    @Test
    void rejectsEmbeddedClusterWithAddressInConfiguration() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "local",
                "sluice.cluster.local.rest-address", "jm:8081"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.local.rest-address must not be set for an EMBEDDED cluster, was jm:8081");
    }

    @Test
    void rejectsInvalidNameInConfiguration() {
        Configuration config = Configuration.fromMap(Map.of("sluice.clusters", "Prod"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(invalidName("Prod"));
    }

    @Test
    void rejectsMalformedAddressInConfiguration() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "prod",
                "sluice.cluster.prod.type", "REMOTE",
                "sluice.cluster.prod.rest-address", "jm"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.prod.rest-address must be host:port, was 'jm'");
    }

    @Test
    void rejectsUnknownClusterType() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "prod",
                "sluice.cluster.prod.type", "CLOUD"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sluice.cluster.prod.type")
                .hasMessageContaining("CLOUD");
    }

    @Test
    void rejectsDuplicateNames() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "prod;prod",
                "sluice.cluster.prod.type", "REMOTE",
                "sluice.cluster.prod.rest-address", "jm:8081"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.clusters names a cluster twice, was [prod, prod]");
    }

    @Test
    void rejectsTwoEmbeddedClusters() {
        Configuration config = Configuration.fromMap(Map.of("sluice.clusters", "one;two"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.clusters may declare at most one EMBEDDED cluster, was 2");
    }

    @Test
    void rejectsEmptyClusterList() {
        Configuration config = new Configuration();
        config.set(ClusterOptions.CLUSTERS, List.of());

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.clusters must name at least one cluster");
    }

    @Test
    void reportsEveryProblemInOneMessage() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "Bad;prod;one;two;two",
                "sluice.cluster.prod.type", "REMOTE"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(String.join(
                        "; ",
                        invalidName("Bad"),
                        "sluice.cluster.prod.rest-address is required for a REMOTE cluster",
                        "sluice.clusters names a cluster twice, was [Bad, prod, one, two, two]",
                        "sluice.clusters may declare at most one EMBEDDED cluster, was 3"));
    }

    @Test
    void acceptsZooKeeperClusterWithZooKeeperAddress() {
        assertThat(new ClusterDefinition("ha", ClusterKind.ZOOKEEPER, ZOOKEEPER).restAddress())
                .isEqualTo(ZOOKEEPER);
    }

    @Test
    void rejectsZooKeeperClusterWithoutAddress() {
        assertThatThrownBy(() -> new ClusterDefinition("ha", ClusterKind.ZOOKEEPER, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.ha.zookeeper.quorum is required for a ZOOKEEPER cluster");
    }

    @Test
    void rejectsZooKeeperClusterWithFixedAddress() {
        assertThatThrownBy(() -> new ClusterDefinition("ha", ClusterKind.ZOOKEEPER, JOB_MANAGER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.ha.rest-address must not be set for a ZOOKEEPER cluster, was jm:8081;"
                        + " it needs sluice.cluster.ha.zookeeper.quorum");
    }

    @Test
    void rejectsRemoteClusterWithZooKeeperAddress() {
        assertThatThrownBy(() -> new ClusterDefinition("prod", ClusterKind.REMOTE, ZOOKEEPER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.prod.zookeeper.quorum must not be set for a REMOTE cluster, was the leader"
                        + " via ZooKeeper zk:2181/flink/default; it needs sluice.cluster.prod.rest-address");
    }

    @Test
    void rejectsEmbeddedClusterWithZooKeeperAddress() {
        assertThatThrownBy(() -> new ClusterDefinition("local", ClusterKind.EMBEDDED, ZOOKEEPER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.local.zookeeper.quorum must not be set for an EMBEDDED cluster, was the"
                        + " leader via ZooKeeper zk:2181/flink/default");
    }

    @Test
    void readsZooKeeperClusterWithFlinksDefaultPaths() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "ha",
                "sluice.cluster.ha.type", "ZOOKEEPER",
                "sluice.cluster.ha.zookeeper.quorum", "zk1:2181, zk2:2181,[::1]:2182"));

        assertThat(ClusterDefinition.allFrom(config))
                .containsExactly(new ClusterDefinition(
                        "ha",
                        ClusterKind.ZOOKEEPER,
                        new ZooKeeperRestAddress(
                                List.of(
                                        new HostAndPort("zk1", 2181),
                                        new HostAndPort("zk2", 2181),
                                        new HostAndPort("::1", 2182)),
                                "/default",
                                "/flink")));
    }

    @Test
    void readsZooKeeperClusterIdAndRootPath() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "ha",
                "sluice.cluster.ha.type", "ZOOKEEPER",
                "sluice.cluster.ha.zookeeper.quorum", "zk:2181",
                "sluice.cluster.ha.zookeeper.cluster-id", "/analytics",
                "sluice.cluster.ha.zookeeper.root-path", "/teams/bi/flink"));

        assertThat(ClusterDefinition.allFrom(config))
                .containsExactly(new ClusterDefinition(
                        "ha",
                        ClusterKind.ZOOKEEPER,
                        new ZooKeeperRestAddress(
                                List.of(new HostAndPort("zk", 2181)), "/analytics", "/teams/bi/flink")));
    }

    @Test
    void rejectsZooKeeperClusterWithoutQuorumInConfiguration() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "ha",
                "sluice.cluster.ha.type", "ZOOKEEPER",
                "sluice.cluster.ha.zookeeper.cluster-id", "/analytics"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.ha.zookeeper.quorum is required for a ZOOKEEPER cluster");
    }

    @Test
    void rejectsRestAddressOfZooKeeperClusterInConfiguration() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "ha",
                "sluice.cluster.ha.type", "ZOOKEEPER",
                "sluice.cluster.ha.rest-address", "jm:8081",
                "sluice.cluster.ha.zookeeper.quorum", "zk:2181"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.ha.rest-address must not be set for a ZOOKEEPER cluster, was jm:8081");
    }

    @Test
    void rejectsZooKeeperOptionsOfOtherKindsInConfiguration() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "prod;local",
                "sluice.cluster.prod.type", "REMOTE",
                "sluice.cluster.prod.rest-address", "jm:8081",
                "sluice.cluster.prod.zookeeper.quorum", "zk:2181",
                "sluice.cluster.local.zookeeper.root-path", "/flink"));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.prod.zookeeper.quorum must not be set for a REMOTE cluster, was zk:2181;"
                        + " sluice.cluster.local.zookeeper.root-path must not be set for an EMBEDDED cluster, was"
                        + " /flink");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "zk", "zk:", "zk:2181,", ",zk:2181", "zk:2181;zk2:2181", "zk:2181/chroot", "zk:0"})
    void rejectsMalformedQuorum(String quorum) {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "ha",
                "sluice.cluster.ha.type", "ZOOKEEPER",
                "sluice.cluster.ha.zookeeper.quorum", quorum));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.ha.zookeeper.quorum must be host:port of each ZooKeeper server, separated"
                        + " by commas (a chroot path belongs in sluice.cluster.ha.zookeeper.root-path), was '" + quorum
                        + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "/my cluster", "/a//b", "//"})
    void rejectsMalformedZooKeeperPaths(String path) {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.clusters", "ha",
                "sluice.cluster.ha.type", "ZOOKEEPER",
                "sluice.cluster.ha.zookeeper.quorum", "zk:2181",
                "sluice.cluster.ha.zookeeper.cluster-id", path));

        assertThatThrownBy(() -> ClusterDefinition.allFrom(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.cluster.ha.zookeeper.cluster-id must be a ZooKeeper path such as /flink, without"
                        + " blanks or empty segments, was '" + path + "'");
    }

    private static String invalidName(String name) {
        return "sluice.clusters entry '" + name + "' is not a valid cluster name; use lower-case letters, digits,"
                + " '_' and '-', starting with a letter";
    }
}
