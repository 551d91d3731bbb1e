package dev.sluice.gateway.cluster;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.LocalFlinkCluster;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A cluster that accepts connections and never answers (a hung or paused JobManager): a query on it ends at its
 * deadline with HYT00 naming the cluster and the time waited, and meanwhile the gateway serves another cluster.
 */
final class SilentClusterIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final String ONE_ROW_TABLE =
            "create temporary table single (x int) with ('connector' = 'datagen', 'number-of-rows' = '1')";

    @Test
    void aSubmissionToASilentClusterEndsAtTheQueryDeadlineAndOtherClustersServeMeanwhile() throws Exception {
        ExecutorService threads = Executors.newSingleThreadExecutor();
        try (SilentEndpoint silent = new SilentEndpoint()) {
            SluiceGateway gateway = GATEWAYS.start(Map.of(
                    "sluice.clusters", "embedded;silent",
                    "sluice.cluster.embedded.type", "EMBEDDED",
                    "sluice.cluster.silent.type", "REMOTE",
                    "sluice.cluster.silent.rest-address", "127.0.0.1:" + silent.port()));
            try (Connection onSilent = DriverManager.getConnection(
                            gateway.jdbcUrl() + ";cluster=silent;sluice.query.timeout=12 s");
                    Statement statement = onSilent.createStatement()) {
                statement.execute(ONE_ROW_TABLE);
                long start = System.nanoTime();
                Future<?> query = threads.submit(() -> statement.executeQuery("select x from single"));

                // the hung cluster holds one session's statement, not the gateway
                try (Connection onEmbedded = DriverManager.getConnection(gateway.jdbcUrl());
                        Statement other = onEmbedded.createStatement()) {
                    other.execute(ONE_ROW_TABLE);
                    assertThat(ReferenceWorkload.rows(other.executeQuery("select x from single")))
                            .hasSize(1);
                }
                assertThat(query.isDone())
                        .as("the query on the silent cluster still waits")
                        .isFalse();
                assertThat(silent.connections())
                        .as("the gateway reached the silent cluster")
                        .isPositive();

                assertThatThrownBy(() -> query.get(60, TimeUnit.SECONDS))
                        .cause()
                        .isInstanceOfSatisfying(SQLException.class, e -> {
                            assertThat(e.getSQLState()).isEqualTo("HYT00");
                            assertThat(e.getMessage())
                                    .contains("Flink session cluster 'silent' at 127.0.0.1:" + silent.port())
                                    .contains("did not answer the job's submission in ")
                                    .contains("sluice.query.timeout = 12 s");
                        });
                Duration waited = Duration.ofNanos(System.nanoTime() - start);
                assertThat(waited).isBetween(Duration.ofSeconds(11), Duration.ofSeconds(30));

                // the session goes on
                assertThat(statement.execute("SET 'sluice.query.timeout' = '5 s'"))
                        .isFalse();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aSubmissionToAPausedJobManagerEndsAtTheQueryDeadlineAndTheClusterServesOnceItGoesOn() throws Exception {
        LocalFlinkCluster cluster = GATEWAYS.manage(
                "cluster",
                LocalFlinkCluster.start(
                        Path.of("target", "flink-paused-jobmanager-it").toAbsolutePath()));
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.clusters", "standalone",
                "sluice.cluster.standalone.type", "REMOTE",
                "sluice.cluster.standalone.rest-address", "127.0.0.1:" + cluster.restPort()));
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl() + ";sluice.query.timeout=10 s");
                Statement statement = connection.createStatement()) {
            statement.execute(ONE_ROW_TABLE);
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select x from single")))
                    .hasSize(1);

            cluster.suspendJobManager();
            long start = System.nanoTime();
            try {
                assertThatThrownBy(() -> statement.executeQuery("select x from single"))
                        .isInstanceOfSatisfying(SQLException.class, e -> {
                            assertThat(e.getSQLState()).isEqualTo("HYT00");
                            assertThat(e.getMessage())
                                    .contains("Flink session cluster 'standalone' at 127.0.0.1:" + cluster.restPort()
                                            + " did not answer the job's submission in ")
                                    .contains("sluice.query.timeout = 10 s");
                        });
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .isBetween(Duration.ofSeconds(8), Duration.ofSeconds(30));
            } finally {
                cluster.resumeJobManager();
            }

            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(
                            () -> assertThat(ReferenceWorkload.rows(statement.executeQuery("select x from single")))
                                    .hasSize(1));
        }
    }

    /** A TCP endpoint that accepts every connection and never reads or answers. */
    private static final class SilentEndpoint implements AutoCloseable {
        private final ServerSocket server;
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();

        SilentEndpoint() throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            CompletableFuture.runAsync(this::acceptAll);
        }

        private void acceptAll() {
            while (!server.isClosed()) {
                try {
                    accepted.add(server.accept());
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        int port() {
            return server.getLocalPort();
        }

        int connections() {
            return accepted.size();
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }
}
