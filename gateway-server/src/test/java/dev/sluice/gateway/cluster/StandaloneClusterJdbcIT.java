package dev.sluice.gateway.cluster;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.LocalFlinkCluster;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * JDBC URL in, rows out, against a standalone Flink session cluster (JobManager and TaskManager in their own JVMs,
 * started by bin/flink-local-cluster) declared as a REMOTE cluster.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class StandaloneClusterJdbcIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private LocalFlinkCluster cluster;
    private SluiceGateway gateway;

    @BeforeAll
    void startClusterAndGateway() throws Exception {
        // managed first, so stopped after the gateway
        cluster = GATEWAYS.manage(
                "cluster",
                LocalFlinkCluster.start(
                        Path.of("target", "flink-local-cluster-it").toAbsolutePath()));
        gateway = GATEWAYS.start(Map.of(
                "sluice.clusters", "standalone",
                "sluice.cluster.standalone.type", "REMOTE",
                "sluice.cluster.standalone.rest-address", "127.0.0.1:" + cluster.restPort()));
    }

    @Test
    @Order(1)
    void runsTheReferenceWorkload() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    @Test
    @Order(2)
    void runsTheReferenceWorkloadInStreamingMode() throws SQLException {
        try (Connection connection =
                DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=streaming")) {
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    @Test
    @Order(3)
    void failsFastWithAClearErrorWhenTheClusterGoesAway() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select x from (values (1)) as t(x)")))
                    .containsExactly(List.of(1));
            cluster.stop();
            long start = System.nanoTime();
            assertThatThrownBy(() -> statement.executeQuery("select x from (values (2)) as t(x)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("08006");
                        assertThat(e.getMessage())
                                .contains("Flink session cluster 'standalone' at 127.0.0.1:" + cluster.restPort())
                                .contains("unreachable");
                    });
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
            // the gateway still serves: a new connection opens and reports the same clear error
            try (Connection another = DriverManager.getConnection(gateway.jdbcUrl());
                    Statement anotherStatement = another.createStatement()) {
                assertThatThrownBy(() -> anotherStatement.executeQuery("select x from (values (3)) as t(x)"))
                        .satisfies(hasSqlState("08006"));
            }
        }
    }
}
