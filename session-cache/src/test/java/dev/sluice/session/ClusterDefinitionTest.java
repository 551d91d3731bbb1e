package dev.sluice.session;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ClusterDefinitionTest {
    private static final HostAndPort JOB_MANAGER = new HostAndPort("jm", 8081);

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
                        new ClusterDefinition("staging", ClusterKind.REMOTE, new HostAndPort("::1", 9081)));
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

    private static String invalidName(String name) {
        return "sluice.clusters entry '" + name + "' is not a valid cluster name; use lower-case letters, digits,"
                + " '_' and '-', starting with a letter";
    }
}
