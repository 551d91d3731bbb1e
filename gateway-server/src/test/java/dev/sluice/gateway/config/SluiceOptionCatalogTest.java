package dev.sluice.gateway.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class SluiceOptionCatalogTest {
    @ParameterizedTest
    @CsvSource({
        "'', '', 0",
        "abc, abc, 0",
        "abc, '', 3",
        "'', abc, 3",
        "kitten, sitting, 3",
        "flaw, lawn, 2",
        "abc, abd, 1",
        "abc, ab, 1",
        "ab, abc, 1",
        "ABC, abc, 0",
        "sluice.serverr.port, sluice.server.port, 1",
        "sluice.server.prot, sluice.server.port, 2"
    })
    void computesCaseInsensitiveEditDistance(String a, String b, int expected) {
        assertThat(SluiceOptionCatalog.editDistance(a, b)).isEqualTo(expected);
        assertThat(SluiceOptionCatalog.editDistance(b, a)).isEqualTo(expected);
    }

    @Test
    void ignoresKeysOutsideTheNamespace() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("parallelism.default", List.of()))
                .isEmpty();
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluicex.server.port", List.of()))
                .isEmpty();
    }

    @Test
    void knowsEveryFixedOption() {
        assertThat(SluiceOptionCatalog.fixedOptions())
                .allSatisfy(option -> assertThat(SluiceOptionCatalog.findUnknownKeyProblem(option.key(), List.of()))
                        .isEmpty());
    }

    @Test
    void knowsPerClusterOptionsOfDeclaredClusters() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.prod.type", List.of("prod")))
                .isEmpty();
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.prod.rest-address", List.of("prod")))
                .isEmpty();
        for (String suffix : List.of("zookeeper.quorum", "zookeeper.cluster-id", "zookeeper.root-path")) {
            assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.prod." + suffix, List.of("prod")))
                    .isEmpty();
        }
    }

    @Test
    void suggestsClosestKnownKey() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.session.max-session", List.of()))
                .hasValue("Unknown option sluice.session.max-session; did you mean sluice.session.max-sessions?");
    }

    @Test
    void namesAClusterThatIsNotDeclared() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.staging.type", List.of("prod", "local")))
                .hasValue("Unknown option sluice.cluster.staging.type: cluster 'staging' is not listed in"
                        + " sluice.clusters [prod, local]");
    }

    @Test
    void suggestsPerClusterKeyForDeclaredCluster() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.prod.typ", List.of("prod")))
                .hasValue("Unknown option sluice.cluster.prod.typ; did you mean sluice.cluster.prod.type?");
    }
}
