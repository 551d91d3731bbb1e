package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * What the gateway answers without a job: constant queries, metadata, prepare, and errors. Jobs are counted on a
 * cluster this test owns, declared to the gateway as a remote cluster.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class QueriesWithoutJobsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private MiniCluster cluster;
    private SluiceGateway gateway;

    @BeforeAll
    void startClusterAndGateway() throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.BIND_PORT, "0");
        // managed first, so stopped after the gateway
        cluster = GATEWAYS.manage(
                "cluster",
                new MiniCluster(new MiniClusterConfiguration.Builder()
                        .setConfiguration(configuration)
                        .setNumTaskManagers(1)
                        .setNumSlotsPerTaskManager(2)
                        .build()));
        cluster.start();
        URI rest = cluster.getRestAddress().get(1, TimeUnit.MINUTES);
        gateway = GATEWAYS.start(Map.of(
                "sluice.clusters", "counted",
                "sluice.cluster.counted.type", "REMOTE",
                "sluice.cluster.counted.rest-address", "127.0.0.1:" + rest.getPort()));
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

    /**
     * Bad statements of every kind, each with its SQLState and what the message must say: the line and column where
     * Flink's parser or validator (or Sluice, for its own statements) knows them.
     */
    static Stream<Arguments> invalidStatements() {
        String deep = "SELECT " + "(".repeat(20_000) + "1" + ")".repeat(20_000);
        return Stream.of(
                // syntax, found by Flink's parser
                arguments("SELECT 1 +", "42000", "line 1, column 10"),
                arguments("selec 1", "42000", "line 1, column 1"),
                arguments("SELECT 'unterminated", "42000", "line 1, column 8"),
                arguments("select `unterminated from t", "42000", "line 1, column 28"),
                arguments("SELECT * FROM t /* unterminated", "42000", "line 1, column 32"),
                arguments("EXPLAIN PLAN FOR SELEC 1", "42000", "line 1, column 18"),
                arguments("CREATE TABLE u (a INT) WITH ('connector' = 'datagen'", "42000", "line 1, column 52"),
                arguments("INSERT INTO t VALUES (1", "42000", "line 1, column 23"),
                // validation, by Flink's validator
                arguments("select * from nowhere", "42000", "line 1, column 15"),
                arguments("-- a comment\nselect *\nfrom\n  nowhere", "42000", "line 4, column 3"),
                arguments("select nope from (values (1)) as v(x)", "42000", "line 1, column 8"),
                arguments("VALUES (1), ('a', 2)", "42000", "line 1, column 1"),
                arguments("SELECT CAST('x' AS NOTATYPE)", "42000", "line 1, column 20"),
                arguments("EXPLAIN SELECT * FROM nowhere", "42000", "line 1, column 23"),
                arguments("INSERT INTO t SELECT * FROM nowhere", "42000", "line 1, column 29"),
                arguments("CREATE VIEW v AS SELECT * FROM nowhere", "42000", "line 1, column 32"),
                arguments(
                        "CREATE TABLE u (a INT, PRIMARY KEY (b) NOT ENFORCED) WITH ('connector'='datagen')",
                        "42000",
                        "line 1, column 37"),
                arguments(
                        "CREATE TABLE u (a INT, b INT, PRIMARY KEY (a) NOT ENFORCED, PRIMARY KEY (b) NOT ENFORCED)",
                        "42000",
                        "Duplicate primary key definition at line 1, column 81"),
                // Flink names a missing catalog object instead of a position
                arguments("INSERT INTO nowhere VALUES (1)", "42000", "Cannot find table"),
                arguments("DESCRIBE nowhere", "42000", "'default_catalog.default_database.nowhere' doesn't exist"),
                arguments("USE CATALOG nowhere", "42000", "A catalog with name [nowhere] does not exist"),
                arguments("USE nowhere", "42000", "A database with name [nowhere] does not exist"),
                // Sluice's own statements
                arguments("SET 'k' = 'v' extra", "42000", "Invalid SET or RESET statement at line 1, column 15"),
                arguments("-- note\nRESET 'a' 'b'", "42000", "Invalid SET or RESET statement at line 2, column 11"),
                arguments(
                        "SHOW PRIMARY KEYS FROM", "42000", "Invalid SHOW PRIMARY KEYS statement at line 1, column 23"),
                // too deep or too large for Flink's parser and planner: refused before they run
                arguments(deep, "42000", "Statement nested too deeply at line 1, column 258"),
                arguments(
                        "SELECT x" + " + x".repeat(20_000) + " FROM (VALUES (1)) AS v(x)",
                        "54001",
                        "An expression of more than 200 operators in a row at line 1, column "));
    }

    @ParameterizedTest
    @MethodSource("invalidStatements")
    void rejectsInvalidStatementsWithStateAndPositionAndWithoutAJob(String invalid, String sqlState, String message)
            throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE t (a INT) WITH ('connector'='blackhole')");
            int jobsBefore = jobs();
            assertThatThrownBy(() -> statement.execute(invalid)).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getSQLState()).isEqualTo(sqlState);
                assertThat(e.getMessage()).contains(message);
            });
            // the connection stays usable
            assertThat(ReferenceWorkload.rows(statement.executeQuery("SELECT 1")))
                    .containsExactly(List.of(1));
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
        String metrics = MetricsText.of(gateway);
        assertThat(metrics)
                .containsPattern(
                        "sluice_plan_cache_total\\{cluster=\"counted\",plan=\"constant\",result=\"hit\"} [1-9]")
                .containsPattern(
                        "sluice_plan_cache_total\\{cluster=\"counted\",plan=\"constant\",result=\"miss\"} [1-9]")
                .contains("sluice_planning_seconds_count{cache=\"hit\",plan=\"constant\"}");
    }

    @Test
    void answersExplainWithOneRowPerLineOfThePlan() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "CREATE TEMPORARY TABLE words (w STRING) WITH ('connector'='datagen', 'number-of-rows'='1')");
            int jobsBefore = jobs();
            try (ResultSet plan = statement.executeQuery("EXPLAIN SELECT w, count(*) FROM words GROUP BY w")) {
                assertThat(plan.getMetaData().getColumnCount()).isEqualTo(1);
                assertThat(plan.getMetaData().getColumnLabel(1)).isEqualTo("plan");
                List<String> lines = ReferenceWorkload.rows(plan).stream()
                        .map(row -> (String) row.get(0))
                        .toList();
                assertThat(lines.get(0)).isEqualTo("== Abstract Syntax Tree ==");
                assertThat(lines)
                        .contains("== Optimized Physical Plan ==", "== Optimized Execution Plan ==")
                        .anyMatch(line -> line.contains("GroupAggregate") || line.contains("HashAggregate"))
                        .noneMatch(line -> line.contains("\n"));
            }
            assertThat(jobs()).isEqualTo(jobsBefore);
        }
    }

    private int jobs() throws Exception {
        return cluster.listJobs().get(30, TimeUnit.SECONDS).size();
    }
}
