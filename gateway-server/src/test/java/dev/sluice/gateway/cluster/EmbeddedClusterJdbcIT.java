package dev.sluice.gateway.cluster;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** JDBC URL in, rows out: the driver against a gateway on the embedded Flink cluster. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class EmbeddedClusterJdbcIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @Test
    void runsTheReferenceWorkload() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    @Test
    void runsTheReferenceWorkloadInStreamingMode() throws SQLException {
        try (Connection connection =
                DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=streaming")) {
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    @Test
    void runsTheReferenceWorkloadOverJson() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl() + ";serialization=json")) {
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    @Test
    void runsAPreparedStatementWithoutParameters() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                java.sql.PreparedStatement statement =
                        connection.prepareStatement("select x, x * 2 as y from (values (1), (2)) as t(x)")) {
            assertThat(rows(statement.executeQuery())).containsExactly(List.of(1, 2), List.of(2, 4));
            // a prepared statement runs again with the same text
            assertThat(rows(statement.executeQuery())).hasSize(2);
        }
    }

    @Test
    void returnsTypedValuesOfCommonTypes() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select true, cast(1.25 as decimal(5, 2)),"
                        + " date '2024-02-29', time '13:14:15', timestamp '2024-02-29 13:14:15.123',"
                        + " cast(null as int), cast(2.5 as double), x'cafe', array[1, 2]")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getBoolean(1)).isTrue();
            assertThat(result.getBigDecimal(2)).isEqualByComparingTo("1.25");
            assertThat(result.getDate(3).toLocalDate()).isEqualTo(java.time.LocalDate.of(2024, 2, 29));
            assertThat(result.getTime(4).toLocalTime()).isEqualTo(java.time.LocalTime.of(13, 14, 15));
            assertThat(result.getTimestamp(5).toLocalDateTime())
                    .isEqualTo(java.time.LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_000_000));
            assertThat(result.getObject(6)).isNull();
            assertThat(result.getDouble(7)).isEqualTo(2.5);
            assertThat(result.getBytes(8)).containsExactly(0xCA, 0xFE);
            assertThat(result.getString(9)).isEqualTo("[1, 2]");
            ResultSetMetaData metaData = result.getMetaData();
            assertThat(metaData.getColumnType(1)).isEqualTo(Types.BOOLEAN);
            assertThat(metaData.getColumnType(2)).isEqualTo(Types.DECIMAL);
            assertThat(metaData.getScale(2)).isEqualTo(2);
            assertThat(metaData.getColumnType(3)).isEqualTo(Types.DATE);
            assertThat(metaData.getColumnType(5)).isEqualTo(Types.TIMESTAMP);
            assertThat(metaData.getColumnType(8)).isEqualTo(Types.BINARY); // x'cafe' is BINARY(2)
            assertThat(result.next()).isFalse();
        }
    }

    @Test
    void returnsExactRowsAndColumnTypes() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table words (word STRING, n INT) WITH ('connector'='datagen',"
                    + " 'number-of-rows'='6', 'fields.word.kind'='sequence', 'fields.word.start'='1',"
                    + " 'fields.word.end'='6', 'fields.n.kind'='sequence', 'fields.n.start'='1', 'fields.n.end'='6')");
            ResultSet result = statement.executeQuery(
                    "select mod(n, 3) as k, count(*) as c, sum(n) as s from words group by mod(n, 3) order by k");
            ResultSetMetaData metaData = result.getMetaData();
            assertThat(metaData.getColumnCount()).isEqualTo(3);
            assertThat(metaData.getColumnLabel(1)).isEqualTo("k");
            assertThat(metaData.getColumnType(1)).isEqualTo(Types.INTEGER);
            assertThat(metaData.getColumnType(2)).isEqualTo(Types.BIGINT);
            assertThat(rows(result)).containsExactly(List.of(0, 2L, 9), List.of(1, 2L, 5), List.of(2, 2L, 7));
        }
    }

    @Test
    void pagesThroughALargeResultInFrames() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table numbers (n BIGINT) WITH ('connector'='datagen',"
                    + " 'number-of-rows'='5000', 'fields.n.kind'='sequence', 'fields.n.start'='1',"
                    + " 'fields.n.end'='5000')");
            statement.setFetchSize(100);
            ResultSet result = statement.executeQuery("select n from numbers");
            long count = 0;
            long sum = 0;
            while (result.next()) {
                count++;
                sum += result.getLong(1);
            }
            assertThat(count).isEqualTo(5000);
            assertThat(sum).isEqualTo(5000L * 5001 / 2);
        }
    }

    @Test
    void honoursMaxRows() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.setMaxRows(3);
            assertThat(rows(statement.executeQuery("select * from (values (1), (2), (3), (4), (5)) as t(x)")))
                    .hasSize(3);
        }
    }

    @Test
    void foldsStreamingChangelogIntoFinalRows() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'execution.runtime-mode' = 'streaming'");
            statement.execute("create temporary table letters (c STRING) WITH ('connector'='datagen',"
                    + " 'number-of-rows'='4', 'fields.c.kind'='sequence', 'fields.c.start'='1', 'fields.c.end'='4')");
            List<List<Object>> counts = rows(statement.executeQuery(
                    "select char_length(c) as len, count(*) as cnt from letters group by char_length(c)"));
            assertThat(counts).containsExactly(List.of(1, 4L));
        }
    }

    @Test
    void takesTheRuntimeModeFromTheUrl() throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=streaming");
                Statement statement = connection.createStatement()) {
            assertThat(options(statement)).containsEntry("execution.runtime-mode", "streaming");
            assertThat(rows(statement.executeQuery("select count(*) from (values (1), (2), (2)) as t(x)")))
                    .containsExactly(List.of(3L));
        }
    }

    @Test
    void refusesARuntimeModeSwitchThatWouldLoseTemporaryTables() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(ReferenceWorkload.DDL.get(0));
            assertThatThrownBy(() -> statement.execute("SET 'execution.runtime-mode' = 'streaming'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("0A000");
                        assertThat(e.getMessage()).contains("execution.runtime-mode=streaming");
                    });
            assertThatThrownBy(() -> statement.execute("SET 'execution.runtime-mode' = 'sideways'"))
                    .satisfies(hasSqlState("22023"));
            assertThat(rows(statement.executeQuery(ReferenceWorkload.SOURCE))).hasSize(1);
        }
    }

    @Test
    void setAndResetChangeOnlyTheirOwnSession() throws SQLException {
        try (Connection first = DriverManager.getConnection(gateway.jdbcUrl());
                Connection second = DriverManager.getConnection(gateway.jdbcUrl());
                Statement firstStatement = first.createStatement();
                Statement secondStatement = second.createStatement()) {
            firstStatement.execute("SET 'table.local-time-zone' = 'Asia/Tokyo'");
            assertThat(options(firstStatement)).containsEntry("table.local-time-zone", "Asia/Tokyo");
            assertThat(options(secondStatement)).doesNotContainKey("table.local-time-zone");
            firstStatement.execute("RESET 'table.local-time-zone'");
            assertThat(options(firstStatement)).doesNotContainKey("table.local-time-zone");
        }
    }

    @Test
    void reportsSyntaxErrorsWithPositionAndKeepsTheConnection() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.executeQuery("SELEC 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(e.getMessage()).contains("SELEC").contains("line 1, column 1");
                    });
            assertThat(rows(statement.executeQuery("select 1"))).containsExactly(List.of(1));
        }
    }

    @Test
    void reportsUnknownTablesAndColumns() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.executeQuery("select * from no_such_table"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(e.getMessage()).contains("no_such_table").contains("not found");
                    });
            assertThatThrownBy(() -> statement.executeQuery("select no_such_column from (values (1)) as t(x)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(e.getMessage()).contains("no_such_column");
                    });
            assertThat(rows(statement.executeQuery("select 2"))).containsExactly(List.of(2));
        }
    }

    @Test
    void rejectsAnUnknownCluster() {
        assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl() + ";cluster=nowhere"))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("08001");
                    assertThat(e.getMessage())
                            .contains("Unknown cluster 'nowhere'")
                            .contains("embedded");
                });
    }

    @Test
    void closingAConnectionClosesItsSession() throws SQLException {
        int before = gateway.openSessions();
        Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
        assertThat(gateway.openSessions()).isEqualTo(before + 1);
        connection.close();
        assertThat(gateway.openSessions()).isEqualTo(before);
    }

    @Test
    void setsAndListsAnOptionWithALongValue() {
        // the SET parser once overflowed the stack from about 4,000 characters, and the request got no response
        String value = "x".repeat(20_000);
        for (String url : List.of(gateway.jdbcUrl(), gateway.jdbcUrl() + ";serialization=json")) {
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                try (Connection connection = DriverManager.getConnection(url);
                        Statement statement = connection.createStatement()) {
                    statement.execute("SET 'test.pad' = '" + value + "'");
                    assertThat(options(statement)).containsEntry("test.pad", value);
                }
            });
        }
    }

    @Test
    void answersAStatementTooDeeplyNestedToParseWithAnError() {
        String sql = "select " + "(".repeat(20_000) + "1" + ")".repeat(20_000);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                    Statement statement = connection.createStatement()) {
                assertThatThrownBy(() -> statement.executeQuery(sql)).isInstanceOf(SQLException.class);
                assertThat(rows(statement.executeQuery("select 3"))).containsExactly(List.of(3));
            }
        });
    }

    private static Map<String, String> options(Statement statement) throws SQLException {
        Map<String, String> options = new java.util.HashMap<>();
        try (ResultSet result = statement.executeQuery("SET")) {
            while (result.next()) {
                options.put(result.getString(1), result.getString(2));
            }
        }
        return options;
    }

    private static List<List<Object>> rows(ResultSet result) throws SQLException {
        return ReferenceWorkload.rows(result);
    }
}
