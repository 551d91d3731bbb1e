package dev.sluice.gateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the gateway answers without a job: constant queries, metadata, prepare, and errors. Jobs are counted on a
 * cluster this test owns, declared to the gateway as a remote cluster.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class QueriesWithoutJobsIT {
    private MiniCluster cluster;
    private SluiceGateway gateway;

    @BeforeAll
    void startClusterAndGateway() throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.BIND_PORT, "0");
        cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(2)
                .build());
        cluster.start();
        URI rest = cluster.getRestAddress().get(1, TimeUnit.MINUTES);
        gateway = GatewayTestSupport.startGateway(Map.of(
                "sluice.clusters", "counted",
                "sluice.cluster.counted.type", "REMOTE",
                "sluice.cluster.counted.rest-address", "127.0.0.1:" + rest.getPort()));
    }

    @AfterAll
    void stopGatewayAndCluster() throws Exception {
        try {
            if (gateway != null) {
                gateway.close();
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    @Test
    void answersConstantQueriesAndMetadataWithoutAJob() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE t (a INT) WITH ('connector'='datagen', 'number-of-rows'='1')");
            int jobsBefore = jobs();
            for (int i = 0; i < 3; i++) {
                assertThat(ReferenceWorkload.rows(statement.executeQuery("SELECT 1")))
                        .containsExactly(List.of(1));
            }
            Instant before = Instant.now().minusSeconds(1);
            try (ResultSet now = statement.executeQuery("select current_timestamp")) {
                assertThat(now.next()).isTrue();
                Timestamp timestamp = now.getTimestamp(1);
                assertThat(timestamp.toInstant())
                        .isBetween(before, Instant.now().plusSeconds(1));
            }
            assertThat(ReferenceWorkload.rows(statement.executeQuery("VALUES (1, 'a'), (2, 'b')")))
                    .containsExactly(List.of(1, "a"), List.of(2, "b"));
            assertThat(DatabaseMetadataIT.column(
                            connection.getMetaData().getTables(null, null, "%", null), "TABLE_NAME"))
                    .containsExactly("t");
            assertThat(DatabaseMetadataIT.column(
                            connection.getMetaData().getColumns(null, null, "t", null), "COLUMN_NAME"))
                    .containsExactly("a");
            connection.prepareStatement("select a from t where a = ?").close();
            assertThat(jobs()).isEqualTo(jobsBefore);

            // the count does see jobs: a query over a table runs one
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select x from (values (1)) as t(x)")))
                    .containsExactly(List.of(1));
            assertThat(jobs()).isEqualTo(jobsBefore + 1);
        }
    }

    @Test
    void rejectsInvalidStatementsWithPositionAndWithoutAJob() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            int jobsBefore = jobs();
            for (String invalid : List.of(
                    "SELECT 1 +",
                    "select * from nowhere",
                    "select nope from (values (1)) as v(x)",
                    "VALUES (1), ('a', 2)")) {
                assertThatThrownBy(() -> statement.executeQuery(invalid))
                        .as(invalid)
                        .isInstanceOfSatisfying(SQLException.class, e -> {
                            assertThat(e.getSQLState()).startsWith("42");
                            assertThat(e.getMessage()).containsPattern("line \\d+, column \\d+");
                        });
            }
            assertThat(jobs()).isEqualTo(jobsBefore);
        }
    }

    @Test
    void countsPlanCacheHitsAndMissesInMetrics() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.executeQuery("select 42").close();
            statement.executeQuery("select   42 -- the same statement").close();
        }
        String metrics = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(
                                        "http://127.0.0.1:" + gateway.address().getPort() + "/metrics"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(metrics)
                .containsPattern(
                        "sluice_plan_cache_total\\{cluster=\"counted\",plan=\"constant\",result=\"hit\"} [1-9]")
                .containsPattern(
                        "sluice_plan_cache_total\\{cluster=\"counted\",plan=\"constant\",result=\"miss\"} [1-9]")
                .contains("sluice_planning_seconds_count{cache=\"hit\",plan=\"constant\"}");
    }

    private int jobs() throws Exception {
        return cluster.listJobs().get(30, TimeUnit.SECONDS).size();
    }
}
