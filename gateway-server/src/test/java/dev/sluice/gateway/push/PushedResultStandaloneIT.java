package dev.sluice.gateway.push;

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
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.sluice.gateway.testing.ReferenceWorkload.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The push path on a standalone Flink cluster in its own JVMs (bin/flink-local-cluster), which does not have Sluice's
 * classes: each pushed query ships the push sink's jar with its job, and its TaskManager connects back to the
 * gateway's result endpoint.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
final class PushedResultStandaloneIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    /** How long a query may take to fail once its TaskManager is gone: the lost-connection timeout and slack. */
    private static final Duration FAILURE_BOUND = Duration.ofSeconds(30);

    private LocalFlinkCluster cluster;
    private SluiceGateway gateway;

    @BeforeAll
    void startClusterAndGateway() throws Exception {
        // managed first, so stopped after the gateway
        cluster = GATEWAYS.manage(
                "cluster",
                LocalFlinkCluster.start(Path.of("target", "flink-push-it").toAbsolutePath()));
        gateway = GATEWAYS.start(Map.of(
                "sluice.clusters", "standalone",
                "sluice.cluster.standalone.type", "REMOTE",
                "sluice.cluster.standalone.rest-address", "127.0.0.1:" + cluster.restPort(),
                "sluice.result.transport", "PUSH",
                "sluice.result.lost-connection-timeout", "5 s"));
    }

    @Test
    @Order(1)
    void runsTheReferenceWorkloadWithoutAnErrorInTheJobManagersLog() throws Exception {
        for (int i = 0; i < 12; i++) {
            try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
                ReferenceWorkload.runAndVerify(connection);
                assertThat(lastQueryPolls(connection)).isZero();
            }
        }
        List<String> errors =
                Files.readAllLines(cluster.logDirectory().resolve("jobmanager.log"), StandardCharsets.UTF_8).stream()
                        .filter(line -> line.contains(" ERROR "))
                        .toList();
        assertThat(errors).as("ERROR lines of the JobManager's log").isEmpty();
    }

    @Test
    @Order(2)
    void pushesAResultOfThousandsOfRows() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table numbers (n BIGINT) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '20000', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1',"
                    + " 'fields.n.end' = '20000')");
            List<List<Object>> rows = rows(statement.executeQuery("select n, cast(n as string) from numbers"));
            assertThat(rows).hasSize(20000);
            assertThat(rows.stream().mapToLong(row -> (Long) row.get(0)).sum()).isEqualTo(20000L * 20001 / 2);
        }
    }

    @Test
    @Order(3)
    void losingTheTaskManagerWhileRowsStreamFailsTheQueryWithinTheBound() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            // ~30 MB of rows: far more than the 4 MB the gateway buffers for a slow reader, so the sink is blocked
            // and the job still runs when its TaskManager dies
            statement.execute("create temporary table wide (n BIGINT, s STRING) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '300000', 'rows-per-second' = '10000000', 'fields.s.length' = '100')");
            statement.setFetchSize(10);
            try (ResultSet result = statement.executeQuery("select n, s from wide")) {
                for (int i = 0; i < 20; i++) {
                    assertThat(result.next()).isTrue();
                }
                cluster.killTaskManager();
                long start = System.nanoTime();
                assertThatThrownBy(() -> {
                            while (result.next()) {
                                // read on until the loss reaches the client
                            }
                        })
                        .isInstanceOf(SQLException.class)
                        // the job's failure when the JobManager tells first, else the sink's lost connection
                        .hasMessageMatching("(?s).*(TaskManager .* is no longer reachable|connection).*");
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(FAILURE_BOUND);
            }
        }
    }

    private static int lastQueryPolls(Connection connection) throws SQLException {
        Integer polls = null;
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                if (history.getString("kind").equals("QUERY")) {
                    assertThat(history.getString("outcome")).isEqualTo("finished");
                    polls = history.getInt("polls");
                }
            }
        }
        assertThat(polls).as("a query in the history").isNotNull();
        return polls;
    }
}
