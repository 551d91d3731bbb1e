package dev.sluice.gateway;

import dev.sluice.gateway.cluster.EmbeddedClusterConfig;
import dev.sluice.gateway.config.InvalidConfigurationException;
import dev.sluice.gateway.config.ServerConfig;
import dev.sluice.gateway.config.SessionConfig;
import dev.sluice.gateway.config.YamlConfigLoader;
import dev.sluice.gateway.history.ClosedSessionHistoryConfig;
import dev.sluice.gateway.planning.PlanningConfig;
import dev.sluice.gateway.security.UserCodeConfig;
import dev.sluice.gateway.session.CatalogDeclaration;
import dev.sluice.planner.cache.PlanCacheConfig;
import dev.sluice.sessioncache.ClusterDefinition;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.FixedRestAddress;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.sessioncache.ZooKeeperRestAddress;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class GatewayConfigTest {
    private static final ServerConfig DEFAULT_SERVER = new ServerConfig(
            "127.0.0.1",
            8765,
            64,
            256,
            16 * 1024 * 1024,
            Duration.ofMinutes(5),
            4096,
            Duration.ofSeconds(10),
            Duration.ofSeconds(10),
            512);
    private static final SessionConfig DEFAULT_SESSION = new SessionConfig(
            512,
            Duration.ofMinutes(30),
            1_000_000,
            Duration.ofMinutes(10),
            1_000_000,
            262_144,
            2000,
            Duration.ofMinutes(5));
    private static final PlanCacheConfig DEFAULT_PLAN_CACHE = new PlanCacheConfig(true, 256);
    private static final EmbeddedClusterConfig DEFAULT_EMBEDDED = new EmbeddedClusterConfig(1, 8);

    @Test
    void usesDocumentedDefaults() {
        GatewayConfig config = GatewayConfig.from(new Configuration());

        assertThat(config.server()).isEqualTo(DEFAULT_SERVER);
        assertThat(config.session()).isEqualTo(DEFAULT_SESSION);
        assertThat(config.planCache()).isEqualTo(DEFAULT_PLAN_CACHE);
        assertThat(config.embeddedCluster()).isEqualTo(DEFAULT_EMBEDDED);
        assertThat(config.clusters()).containsExactly(new ClusterDefinition("embedded", ClusterKind.EMBEDDED, null));
        assertThat(config.flinkOptions().toMap()).isEmpty();
        assertThat(config.closedSessionHistory())
                .isEqualTo(new ClosedSessionHistoryConfig(Duration.ofMinutes(15), 100, 1000));
        assertThat(config.planning()).isEqualTo(new PlanningConfig(Duration.ofSeconds(30)));
    }

    @Test
    void shippedConfigurationFileHoldsTheDefaults() {
        GatewayConfig config = GatewayConfig.from(YamlConfigLoader.load(Path.of("..", "conf", "sluice.yaml")));

        assertThat(config.server()).isEqualTo(DEFAULT_SERVER);
        assertThat(config.session()).isEqualTo(DEFAULT_SESSION);
        assertThat(config.planCache()).isEqualTo(DEFAULT_PLAN_CACHE);
        assertThat(config.embeddedCluster()).isEqualTo(DEFAULT_EMBEDDED);
        assertThat(config.clusters()).containsExactly(new ClusterDefinition("embedded", ClusterKind.EMBEDDED, null));
    }

    @Test
    void shippedConfigurationFileSetsNoOptionToAnythingButItsDefault() {
        // the file documents the defaults: a value that differs would run `bin/sluice-gateway` unlike the reference
        Configuration shipped = YamlConfigLoader.load(Path.of("..", "conf", "sluice.yaml"));
        List<String> differing = new ArrayList<>();
        for (ConfigOption<?> option : SluiceOptionCatalog.fixedOptions()) {
            Object value = shipped.get(option);
            boolean isDefault = Objects.equals(value, option.defaultValue())
                    || (unsetIfEmpty(value) == null && option.defaultValue() == null);
            if (shipped.contains(option) && !isDefault) {
                differing.add(option.key() + ": " + shipped.get(option) + " (default " + option.defaultValue() + ")");
            }
        }

        assertThat(differing).isEmpty();
    }

    /** An option without a default is written in the file as its empty value, to show where it goes. */
    private static @Nullable Object unsetIfEmpty(@Nullable Object value) {
        boolean empty = "".equals(value) || (value instanceof List<?> list && list.isEmpty());
        return empty ? null : value;
    }

    @Test
    void mapsEveryOption() {
        GatewayConfig config = GatewayConfig.from(Configuration.fromMap(Map.ofEntries(
                Map.entry("sluice.server.host", "0.0.0.0"),
                Map.entry("sluice.security.authentication.allow-none-on-any-address", "true"),
                Map.entry("sluice.security.user.max-sessions", "3"),
                Map.entry("sluice.security.user-code.allowed-locations", "/opt/udfs;https://repo.example/jars/"),
                Map.entry("sluice.server.port", "0"),
                Map.entry("sluice.server.rpc-threads", "4"),
                Map.entry("sluice.server.rpc-queue-size", "0"),
                Map.entry("sluice.server.max-request-size", "1mb"),
                Map.entry("sluice.server.idle-timeout", "30 s"),
                Map.entry("sluice.session.max-sessions", "2"),
                Map.entry("sluice.session.idle-timeout", "1 min"),
                Map.entry("sluice.session.max-materialized-rows", "10"),
                Map.entry("sluice.plan-cache.enabled", "false"),
                Map.entry("sluice.plan-cache.max-size", "7"),
                Map.entry("sluice.embedded.task-managers", "2"),
                Map.entry("sluice.embedded.task-slots", "3"),
                Map.entry("sluice.clusters", "prod;local;ha"),
                Map.entry("sluice.cluster.prod.type", "REMOTE"),
                Map.entry("sluice.cluster.prod.rest-address", "jm:8081"),
                Map.entry("sluice.cluster.local.type", "EMBEDDED"),
                Map.entry("sluice.cluster.ha.type", "ZOOKEEPER"),
                Map.entry("sluice.cluster.ha.zookeeper.quorum", "zk1:2181,zk2:2181"),
                Map.entry("sluice.cluster.ha.zookeeper.cluster-id", "/analytics"),
                Map.entry("sluice.cluster.ha.zookeeper.root-path", "/teams/flink"))));

        assertThat(config.server())
                .isEqualTo(new ServerConfig(
                        "0.0.0.0",
                        0,
                        4,
                        0,
                        1024 * 1024,
                        Duration.ofSeconds(30),
                        4096,
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(10),
                        512));
        assertThat(config.session())
                .isEqualTo(new SessionConfig(
                        2,
                        Duration.ofMinutes(1),
                        10,
                        Duration.ofMinutes(10),
                        1_000_000,
                        262_144,
                        2000,
                        Duration.ofMinutes(5)));
        assertThat(config.planCache()).isEqualTo(new PlanCacheConfig(false, 7));
        assertThat(config.authentication().allowNoneOnAnyAddress()).isTrue();
        assertThat(config.userLimits().maxSessions()).isEqualTo(3);
        assertThat(config.userCode())
                .isEqualTo(new UserCodeConfig(List.of(Path.of("/opt/udfs")), List.of("https://repo.example/jars/")));
        assertThat(config.embeddedCluster()).isEqualTo(new EmbeddedClusterConfig(2, 3));
        assertThat(config.clusters())
                .containsExactly(
                        new ClusterDefinition(
                                "prod", ClusterKind.REMOTE, new FixedRestAddress(new HostAndPort("jm", 8081))),
                        new ClusterDefinition("local", ClusterKind.EMBEDDED, null),
                        new ClusterDefinition(
                                "ha",
                                ClusterKind.ZOOKEEPER,
                                new ZooKeeperRestAddress(
                                        List.of(new HostAndPort("zk1", 2181), new HostAndPort("zk2", 2181)),
                                        "/analytics",
                                        "/teams/flink")));
    }

    @Test
    void suggestsTheClosestKeyForAMisspelledOption() {
        assertThatThrownBy(() -> GatewayConfig.from(Configuration.fromMap(Map.of("sluice.serverr.port", "9000"))))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessage("Invalid configuration:\n  - Unknown option sluice.serverr.port; did you mean"
                        + " sluice.server.port?");
    }

    @Test
    void suggestsTheClosestPerClusterKey() {
        assertThatThrownBy(() -> GatewayConfig.from(
                        Configuration.fromMap(Map.of("sluice.cluster.embedded.rest-adress", "jm:8081"))))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .containsExactly("Unknown option sluice.cluster.embedded.rest-adress; did you mean"
                                        + " sluice.cluster.embedded.rest-address?"));
    }

    @Test
    void rejectsOptionsOfAClusterThatIsNotListed() {
        assertThatThrownBy(
                        () -> GatewayConfig.from(Configuration.fromMap(Map.of("sluice.cluster.prod.type", "REMOTE"))))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "Unknown option sluice.cluster.prod.type: cluster 'prod' is not listed in"
                                                + " sluice.clusters [embedded]"));
    }

    @Test
    void reportsSeveralProblemsAtOnce() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.serverr.port", "9000",
                "sluice.server.port", "70000",
                "sluice.session.max-sessions", "0",
                "sluice.embedded.task-slots", "0",
                "sluice.clusters", "Prod"));

        assertThatThrownBy(() -> GatewayConfig.from(configuration))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "sluice.clusters entry 'Prod' is not a valid cluster name; use lower-case letters,"
                                                + " digits, '_' and '-', starting with a letter",
                                        "Unknown option sluice.serverr.port; did you mean sluice.server.port?",
                                        "sluice.server.port must be between 0 and 65535, was 70000",
                                        "sluice.session.max-sessions must be at least 1, was 0",
                                        "sluice.embedded.task-slots must be at least 1, was 0"));
    }

    @Test
    void reportsABadClosedSessionHistoryAtStart() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.session.history.closed-sessions.max-entries-per-user", "50",
                "sluice.session.history.closed-sessions.max-entries", "10"));

        assertThatThrownBy(() -> GatewayConfig.from(configuration))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .containsExactly("sluice.session.history.closed-sessions.max-entries must be at least"
                                        + " sluice.session.history.closed-sessions.max-entries-per-user (50), was 10"));
    }

    @Test
    void reportsOnlyTheClusterProblemWhenADeclaredClusterIsInvalid() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.clusters", "prod",
                "sluice.cluster.prod.type", "REMOTE"));

        assertThatThrownBy(() -> GatewayConfig.from(configuration))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .containsExactly("sluice.cluster.prod.rest-address is required for a REMOTE cluster"));
    }

    @Test
    void suggestsTheClosestZooKeeperKey() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.clusters", "ha",
                "sluice.cluster.ha.type", "ZOOKEEPER",
                "sluice.cluster.ha.zookeeper.quorum", "zk:2181",
                "sluice.cluster.ha.zookeeper.clusterid", "/analytics"));

        assertThatThrownBy(() -> GatewayConfig.from(configuration))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .containsExactly("Unknown option sluice.cluster.ha.zookeeper.clusterid; did you mean"
                                        + " sluice.cluster.ha.zookeeper.cluster-id?"));
    }

    @Test
    void reportsUnparsableValue() {
        assertThatThrownBy(() -> GatewayConfig.from(Configuration.fromMap(Map.of("sluice.server.port", "http"))))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .singleElement()
                                .asString()
                                .contains("sluice.server.port")
                                .contains("http"));
    }

    @Test
    void allowsFlinkOptionsAndPassesOnlyThemToFlink() {
        GatewayConfig config = GatewayConfig.from(Configuration.fromMap(Map.of(
                "parallelism.default", "4",
                "table.local-time-zone", "Europe/Berlin",
                "sluice.server.port", "0",
                "sluice.session.max-sessions", "2")));

        assertThat(config.flinkOptions().toMap())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("parallelism.default", "4", "table.local-time-zone", "Europe/Berlin"));
        assertThat(config.flinkConfiguration().toMap())
                .containsKeys("parallelism.default", "sluice.server.port", "sluice.session.max-sessions");
    }

    @Test
    void mapsDeclaredCatalogsWithTheirOptions() {
        GatewayConfig config = GatewayConfig.from(Configuration.fromMap(Map.of(
                "sluice.catalogs", "lake",
                "sluice.catalog.lake.type", "paimon",
                "sluice.catalog.lake.warehouse", "file:///data/lake")));

        assertThat(config.catalogs())
                .containsExactly(
                        new CatalogDeclaration("lake", Map.of("type", "paimon", "warehouse", "file:///data/lake")));
        assertThat(GatewayConfig.from(new Configuration()).catalogs()).isEmpty();
    }

    @Test
    void keepsACatalogsResultCacheKeysFromItsOwnOptions() {
        GatewayConfig config = GatewayConfig.from(Configuration.fromMap(Map.of(
                "sluice.catalogs", "lake",
                "sluice.catalog.lake.type", "paimon",
                "sluice.catalog.lake.warehouse", "file:///data/lake",
                "sluice.catalog.lake.result-cache.ttl", "1 min")));

        assertThat(config.catalogs())
                .containsExactly(
                        new CatalogDeclaration("lake", Map.of("type", "paimon", "warehouse", "file:///data/lake")));
        assertThat(config.resultCache().catalogs()).containsOnlyKeys("lake");
    }

    @Test
    void rejectsABadResultCacheKeyOrValueOfACatalog() {
        assertThatThrownBy(() -> GatewayConfig.from(Configuration.fromMap(Map.of(
                        "sluice.catalogs", "lake",
                        "sluice.catalog.lake.type", "paimon",
                        "sluice.catalog.lake.result-cache.enabled", "maybe",
                        "sluice.catalog.lake.result-cache.tll", "1 min"))))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("sluice.catalog.lake.result-cache.enabled")
                .hasMessageContaining("maybe")
                .hasMessageContaining("Unknown option sluice.catalog.lake.result-cache.tll");
    }

    @Test
    void rejectsCatalogsThatAreUndeclaredUntypedOrNamedLikeTheSessionsOwn() {
        assertThatThrownBy(() -> GatewayConfig.from(Configuration.fromMap(Map.of(
                        "sluice.catalogs", "lake;default_catalog",
                        "sluice.catalog.lake.warehouse", "file:///data/lake",
                        "sluice.catalog.other.type", "paimon"))))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("sluice.catalog.lake.type must be set for the catalog listed in sluice.catalogs")
                .hasMessageContaining("sluice.catalogs entry 'default_catalog' is the name of each session's own"
                        + " in-memory catalog; choose another name")
                .hasMessageContaining("Unknown option sluice.catalog.other.type: catalog 'other' is not listed in"
                        + " sluice.catalogs [lake, default_catalog]");
    }

    @Test
    void listsTheJarsOfTheLibFolders(@TempDir Path lib) throws Exception {
        Path orc = Files.createFile(lib.resolve("flink-sql-orc.jar"));
        Path avro = Files.createFile(lib.resolve("avro.jar"));
        Files.createFile(lib.resolve("README.txt"));

        GatewayConfig config = GatewayConfig.from(Configuration.fromMap(Map.of("sluice.lib.dirs", lib.toString())));

        assertThat(config.library().jars()).containsExactly(avro, orc);
        assertThat(GatewayConfig.from(new Configuration()).library().jars()).isEmpty();
    }

    @Test
    void rejectsALibFolderThatDoesNotExist(@TempDir Path dir) {
        Path missing = dir.resolve("missing");
        assertThatThrownBy(
                        () -> GatewayConfig.from(Configuration.fromMap(Map.of("sluice.lib.dirs", missing.toString()))))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("sluice.lib.dirs entry '" + missing + "' is not a readable folder");
    }
}
