package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.LocalFlinkCluster;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Batch sessions run pipelined under Flink's Default scheduler ({@code sluice.session.pipelined-batch}): queries with
 * exchanges, joins and a source read by both sides of a join give the same rows as with Flink's blocking exchanges,
 * and a cluster that pins the adaptive batch scheduler, which fails pipelined jobs, keeps Flink's defaults.
 */
final class PipelinedBatchIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final String NUMBERS = "create temporary table numbers (n BIGINT) with ('connector'='datagen',"
            + " 'number-of-rows'='1000', 'fields.n.kind'='sequence', 'fields.n.start'='1', 'fields.n.end'='1000')";
    // one source on both sides of a join: pipelined, its two consumers could wait on each other
    private static final String SELF_JOIN = "select count(*), sum(a.n) from numbers a join numbers b on a.n = b.n";
    private static final String GROUP_BY = "select n % 10 as bucket, count(*) from numbers group by n % 10";

    @Test
    void embeddedClusterSessionsRunBatchJobsPipelinedWithTheRowsOfBlockingExchanges() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(sessionOptions(statement))
                    .containsEntry("jobmanager.scheduler", "Default")
                    .containsEntry("execution.batch-shuffle-mode", "ALL_EXCHANGES_PIPELINED");
            statement.execute(NUMBERS);
            List<List<Object>> pipelinedJoin = ReferenceWorkload.rows(statement.executeQuery(SELF_JOIN));
            List<List<Object>> pipelinedGroups = ReferenceWorkload.rows(statement.executeQuery(GROUP_BY));
            ReferenceWorkload.runAndVerify(connection);

            statement.execute("SET 'execution.batch-shuffle-mode' = 'ALL_EXCHANGES_BLOCKING'");

            assertThat(pipelinedJoin)
                    .containsExactly(List.of(1000L, 500_500L))
                    .isEqualTo(ReferenceWorkload.rows(statement.executeQuery(SELF_JOIN)));
            assertThat(pipelinedGroups)
                    .hasSize(10)
                    .allSatisfy(row -> assertThat(row.get(1)).isEqualTo(100L))
                    .containsExactlyInAnyOrderElementsOf(ReferenceWorkload.rows(statement.executeQuery(GROUP_BY)));
        }
    }

    @Test
    void switchedOffSessionsKeepFlinksBatchDefaults() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.session.pipelined-batch", "false"));
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(sessionOptions(statement))
                    .doesNotContainKey("jobmanager.scheduler")
                    .doesNotContainKey("execution.batch-shuffle-mode");
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    @Test
    void clusterThatPinsTheAdaptiveBatchSchedulerKeepsFlinksBatchDefaults() throws Exception {
        Path directory = Path.of("target", "flink-pinned-scheduler-it").toAbsolutePath();
        Files.createDirectories(directory);
        Path pinned = Files.writeString(directory.resolve("pinned.yaml"), "jobmanager.scheduler: AdaptiveBatch\n");
        LocalFlinkCluster cluster = GATEWAYS.manage("cluster", LocalFlinkCluster.start(directory, pinned));
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.clusters", "standalone",
                "sluice.cluster.standalone.type", "REMOTE",
                "sluice.cluster.standalone.rest-address", "127.0.0.1:" + cluster.restPort()));

        // the gateway reads the cluster's configuration when it starts, its first request there; sessions opened
        // until a while after it has been sent would keep Flink's defaults even if the read's answer were ignored
        long readSentBy = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (gateway.clusterClientStats().restRequests("standalone") == 0 && System.nanoTime() < readSentBy) {
            Thread.sleep(20);
        }
        assertThat(gateway.clusterClientStats().restRequests("standalone")).isPositive();
        Thread.sleep(1000);

        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(sessionOptions(statement))
                    .doesNotContainKey("execution.batch-shuffle-mode")
                    .doesNotContainKey("jobmanager.scheduler");
            statement.execute(NUMBERS);
            // pipelined, every job with an exchange would fail on this cluster
            assertThat(ReferenceWorkload.rows(statement.executeQuery(SELF_JOIN)))
                    .containsExactly(List.of(1000L, 500_500L));
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    /** What {@code SET} lists: the session's options. */
    private static Map<String, String> sessionOptions(Statement statement) throws SQLException {
        Map<String, String> options = new HashMap<>();
        try (ResultSet rows = statement.executeQuery("SET")) {
            while (rows.next()) {
                options.put(rows.getString(1), rows.getString(2));
            }
        }
        return options;
    }
}
