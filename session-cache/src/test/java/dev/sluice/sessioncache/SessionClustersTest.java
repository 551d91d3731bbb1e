package dev.sluice.sessioncache;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class SessionClustersTest {
    private static final ClusterEndpoint LOCAL =
            new ClusterEndpoint("local", ClusterKind.EMBEDDED, new HostAndPort("127.0.0.1", 40001));
    private static final ClusterEndpoint PROD =
            new ClusterEndpoint("prod", ClusterKind.REMOTE, new HostAndPort("jm", 8081));

    @Test
    void defaultIsTheFirstCluster() {
        assertThat(new SessionClusters(List.of(PROD, LOCAL)).defaultCluster()).isEqualTo(PROD);
        assertThat(new SessionClusters(List.of(LOCAL, PROD)).defaultCluster()).isEqualTo(LOCAL);
    }

    @Test
    void listsNamesInDeclarationOrder() {
        assertThat(new SessionClusters(List.of(PROD, LOCAL)).names()).containsExactly("prod", "local");
    }

    @Test
    void findsClusterByName() {
        SessionClusters clusters = new SessionClusters(List.of(LOCAL, PROD));

        assertThat(clusters.require("prod")).isEqualTo(PROD);
        assertThat(clusters.require("local")).isEqualTo(LOCAL);
    }

    @Test
    void requireOfUnknownNameListsKnownNames() {
        SessionClusters clusters = new SessionClusters(List.of(LOCAL, PROD));

        assertThatThrownBy(() -> clusters.require("staging"))
                .isInstanceOf(UnknownClusterException.class)
                .hasMessage("Unknown cluster 'staging'; this gateway serves [local, prod]");
    }

    @Test
    void rejectsNoClusters() {
        assertThatThrownBy(() -> new SessionClusters(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("endpoints is empty");
    }

    @Test
    void rejectsDuplicateNames() {
        ClusterEndpoint otherProd = new ClusterEndpoint("prod", ClusterKind.REMOTE, new HostAndPort("jm2", 8081));

        assertThatThrownBy(() -> new SessionClusters(List.of(PROD, LOCAL, otherProd)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cluster 'prod' is declared twice");
    }
}
