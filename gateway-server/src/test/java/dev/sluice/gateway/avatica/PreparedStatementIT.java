package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * PreparedStatement with {@code ?} parameters through the Sluice driver and, for the same calls, Avatica's stock driver
 * over protobuf and JSON.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class PreparedStatementIT {
    /** Strings that would break a naively bound statement. */
    static final List<String> HOSTILE_STRINGS = List.of(
            "",
            "it's",
            "''",
            "back\\slash\\",
            "' or '1'='1",
            "x'); DROP TABLE t; --",
            "-- not a comment",
            "/* not a comment */ ?",
            "line one\nline two\r\n\ttabbed",
            "unicode: ünïcödé 中文 😀",
            "`quoted` \"double\"");

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void bindsEveryTypeAsATypedLiteral(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway))) {
            checkTypes(connection);
        }
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void reportsInferredParameterTypesAndResultColumnsAtPrepare(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway))) {
            checkPreparedMetadata(connection);
        }
    }

    @Test
    void hostileStringsRoundTripAndNeverChangeTheStatement() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                PreparedStatement echo = connection.prepareStatement(
                        "select cast(? as string) as s, count(*) as n from (values (1), (2), (3)) as t(x)");
                PreparedStatement filter = connection.prepareStatement(
                        "select count(*) from (values ('a'), ('b')) as t(w) where w = ? -- ?")) {
            for (String value : HOSTILE_STRINGS) {
                echo.setString(1, value);
                try (ResultSet result = echo.executeQuery()) {
                    assertThat(result.next()).isTrue();
                    assertThat(result.getString(1)).isEqualTo(value);
                    assertThat(result.getLong(2)).isEqualTo(3);
                    assertThat(result.next()).isFalse();
                }
                filter.setString(1, value);
                try (ResultSet result = filter.executeQuery()) {
                    assertThat(result.next()).isTrue();
                    assertThat(result.getLong(1)).as("rows matching %s", value).isZero();
                }
            }
        }
    }

    /** JDBC 4.2: LocalDate, LocalDateTime and LocalTime bound with setObject and read with getObject(i, type). */
    @ParameterizedTest
    @EnumSource(value = ClientDriver.class, names = "SLUICE")
    void bindsAndReadsJavaTimeValues(ClientDriver driver) throws SQLException {
        String values = "(select * from (values (date '2026-01-02', timestamp '2026-01-02 03:04:05.678',"
                + " time '03:04:05')) as t(d, ts, tm))";
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                PreparedStatement select = connection.prepareStatement(
                        "select d, ts, tm from " + values + " where d = ? and ts = ? and tm = ?")) {
            select.setObject(1, LocalDate.of(2026, 1, 2));
            select.setObject(2, LocalDateTime.of(2026, 1, 2, 3, 4, 5, 678_000_000));
            select.setObject(3, LocalTime.of(3, 4, 5), Types.TIME);
            try (ResultSet rows = select.executeQuery()) {
                assertThat(rows.next()).as("the bound values matched the row").isTrue();
                assertThat(rows.getObject(1, LocalDate.class)).isEqualTo(LocalDate.of(2026, 1, 2));
                assertThat(rows.getObject("ts", LocalDateTime.class))
                        .isEqualTo(LocalDateTime.of(2026, 1, 2, 3, 4, 5, 678_000_000));
                assertThat(rows.getObject(3, LocalTime.class)).isEqualTo(LocalTime.of(3, 4, 5));
                assertThat(rows.next()).isFalse();
            }
            select.setObject(1, null);
            try (ResultSet rows = select.executeQuery()) {
                assertThat(rows.next()).isFalse();
            }
        }
    }

    /** Paging as jOOQ and SQLAlchemy write it: the row counts of LIMIT, OFFSET and FETCH are bound parameters. */
    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void bindsRowCountsOfLimitOffsetAndFetch(ClientDriver driver) throws SQLException {
        String numbers = "(select * from (values (1), (2), (3), (4), (5)) as t(n))";
        try (Connection connection = DriverManager.getConnection(driver.url(gateway))) {
            try (PreparedStatement page =
                    connection.prepareStatement("select n from " + numbers + " order by n limit ? offset ?")) {
                page.setInt(1, 2);
                page.setLong(2, 1);
                assertThat(ReferenceWorkload.rows(page.executeQuery())).containsExactly(List.of(2), List.of(3));
                page.setInt(1, 3);
                page.setInt(2, 3);
                assertThat(ReferenceWorkload.rows(page.executeQuery())).containsExactly(List.of(4), List.of(5));
                page.setInt(1, -1);
                assertThatThrownBy(page::executeQuery)
                        .satisfies(hasSqlState("22023"))
                        .hasMessageContaining("Parameter 1 is a row count");
            }
            try (PreparedStatement first = connection.prepareStatement(
                    "select n from " + numbers + " order by n desc fetch first ? rows only")) {
                first.setInt(1, 1);
                assertThat(ReferenceWorkload.rows(first.executeQuery())).containsExactly(List.of(5));
            }
        }
    }

    /** Batches travel differently per encoding: as UpdateBatch messages in protobuf, as lists of values in JSON. */
    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void insertsWithParametersSinglyAndInBatches(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE sink (id INT, name STRING, price DECIMAL(10, 2))"
                    + " WITH ('connector'='blackhole')");
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO sink VALUES (?, ?, ?)")) {
                ParameterMetaData parameters = insert.getParameterMetaData();
                assertThat(parameters.getParameterCount()).isEqualTo(3);
                assertThat(parameters.getParameterType(1)).isEqualTo(Types.INTEGER);
                assertThat(parameters.getParameterType(2)).isEqualTo(Types.VARCHAR);
                assertThat(parameters.getParameterType(3)).isEqualTo(Types.DECIMAL);
                assertThat(parameters.getScale(3)).isEqualTo(2);
                insert.setInt(1, 1);
                insert.setString(2, "it's");
                insert.setBigDecimal(3, new BigDecimal("9.99"));
                assertThat(insert.executeUpdate()).isGreaterThanOrEqualTo(0);
                for (int i = 0; i < 3; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "row " + i);
                    insert.setNull(3, Types.DECIMAL);
                    insert.addBatch();
                }
                assertThat(insert.executeBatch()).hasSize(3);
            }
        }
    }

    @Test
    void comparesAValueWithMoreDigitsThanItsColumnExactly() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                PreparedStatement query = connection.prepareStatement("select id from (values (1, CAST(7.25 AS"
                        + " DECIMAL(10, 2))), (2, CAST(7.24 AS DECIMAL(10, 2)))) as t(id, amount) where amount > ?"
                        + " and id > ? order by id")) {
            // cast to the column's DECIMAL(10, 2), 7.249 would be 7.25, and 0.5 cast to INT would be 0
            query.setBigDecimal(1, new BigDecimal("7.249"));
            query.setBigDecimal(2, new BigDecimal("0.5"));
            assertThat(ReferenceWorkload.rows(query.executeQuery())).containsExactly(List.of(1));
            query.setBigDecimal(1, new BigDecimal("7.2500"));
            assertThat(ReferenceWorkload.rows(query.executeQuery())).isEmpty();
        }
    }

    @Test
    void refusesABatchOfQueriesBeforeRunningAny() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                PreparedStatement query = connection.prepareStatement("select x + ? from (values (1)) as t(x)")) {
            for (int i = 0; i < 2; i++) {
                query.setInt(1, i);
                query.addBatch();
            }
            assertThatThrownBy(query::executeBatch).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getSQLState()).isEqualTo("0A000");
                assertThat(e.getMessage()).contains("not a query");
            });
            // nothing ran: the session's history holds no statement
            try (Statement statement = connection.createStatement();
                    ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                assertThat(history.next()).isFalse();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void rejectsAStatementWithErrorsAtPrepareTime(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway))) {
            assertThatThrownBy(() -> connection.prepareStatement("select * from no_such_table where a = ?"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        // Avatica's client puts the gateway's message in the cause of "while preparing SQL"
                        assertThat((Throwable) e).hasStackTraceContaining("no_such_table");
                    });
            assertThatThrownBy(() -> connection.prepareStatement("selec ?"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat((Throwable) e).hasStackTraceContaining("line 1, column 1");
                    });
            String deep = "select " + "(".repeat(5_000) + "?" + ")".repeat(5_000);
            assertThatThrownBy(() -> connection.prepareStatement(deep))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat((Throwable) e)
                                .hasStackTraceContaining("Statement nested too deeply at line 1, column 258");
                    });
        }
    }

    private static void checkTypes(Connection connection) throws SQLException {
        LocalDateTime wallClock = LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_000_000);
        Object[][] cases = {
            {"INT", (Binder) s -> s.setInt(1, -42), -42},
            {"BIGINT", (Binder) s -> s.setLong(1, Long.MIN_VALUE), Long.MIN_VALUE},
            {"SMALLINT", (Binder) s -> s.setShort(1, (short) 300), (short) 300},
            {"TINYINT", (Binder) s -> s.setByte(1, (byte) -7), (byte) -7},
            {"DECIMAL(10, 2)", (Binder) s -> s.setBigDecimal(1, new BigDecimal("-12.34")), new BigDecimal("-12.34")},
            {"DOUBLE", (Binder) s -> s.setDouble(1, 1.0 / 3), 1.0 / 3},
            {"FLOAT", (Binder) s -> s.setFloat(1, 0.1f), 0.1f},
            {"BOOLEAN", (Binder) s -> s.setBoolean(1, true), true},
            {"STRING", (Binder) s -> s.setString(1, "it's a \\ \n 😀"), "it's a \\ \n 😀"},
            {"VARCHAR(5)", (Binder) s -> s.setString(1, "abc"), "abc"},
            {"CHAR(3)", (Binder) s -> s.setString(1, "abc"), "abc"},
            {"DATE", (Binder) s -> s.setDate(1, Date.valueOf(LocalDate.of(2024, 2, 29))), Date.valueOf("2024-02-29")},
            {"TIME", (Binder) s -> s.setTime(1, Time.valueOf(LocalTime.of(13, 14, 15))), Time.valueOf("13:14:15")},
            {"TIMESTAMP(3)", (Binder) s -> s.setTimestamp(1, Timestamp.valueOf(wallClock)), Timestamp.valueOf(wallClock)
            },
            {
                "BYTES",
                (Binder) s -> s.setBytes(1, new byte[] {0, (byte) 0xCA, (byte) 0xFE}),
                new byte[] {0, (byte) 0xCA, (byte) 0xFE}
            },
            {"INT", (Binder) s -> s.setNull(1, Types.INTEGER), null},
            {"INT", (Binder) s -> s.setString(1, "17"), 17},
        };
        for (Object[] testCase : cases) {
            String type = (String) testCase[0];
            // FROM makes it a job on the cluster, not a constant answered in the gateway
            try (PreparedStatement statement =
                    connection.prepareStatement("select cast(? as " + type + ") as v from (values (1)) as t(x)")) {
                ((Binder) testCase[1]).bind(statement);
                try (ResultSet result = statement.executeQuery()) {
                    assertThat(result.next()).isTrue();
                    assertThat(result.getObject(1)).as(type).isEqualTo(testCase[2]);
                }
            }
        }
        // an instant: Sluice's driver gives the wall clock in the session's zone (the JVM's here), Avatica's the text
        // with the offset after it
        try (PreparedStatement statement =
                connection.prepareStatement("select cast(? as TIMESTAMP_LTZ(3)) as v from (values (1)) as t(x)")) {
            statement.setTimestamp(1, Timestamp.valueOf(wallClock));
            try (ResultSet result = statement.executeQuery()) {
                assertThat(result.next()).isTrue();
                assertThat(result.getString(1)).startsWith("2024-02-29 13:14:15.123");
            }
        }
    }

    private static void checkPreparedMetadata(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE items (id INT, name STRING, price DECIMAL(10, 2),"
                    + " seen TIMESTAMP(3)) WITH ('connector'='datagen', 'number-of-rows'='5',"
                    + " 'fields.id.kind'='sequence', 'fields.id.start'='1', 'fields.id.end'='5')");
        }
        try (PreparedStatement statement = connection.prepareStatement(
                "select id, name, price * ? as total from items where id >= ? and name like ? and seen < ?")) {
            ParameterMetaData parameters = statement.getParameterMetaData();
            assertThat(parameters.getParameterCount()).isEqualTo(4);
            assertThat(parameters.getParameterType(1)).isEqualTo(Types.DECIMAL);
            assertThat(parameters.getParameterType(2)).isEqualTo(Types.INTEGER);
            assertThat(parameters.getParameterType(3)).isEqualTo(Types.VARCHAR);
            assertThat(parameters.getParameterType(4)).isEqualTo(Types.TIMESTAMP);
            assertThat(statement.getMetaData().getColumnCount()).isEqualTo(3);
            assertThat(statement.getMetaData().getColumnLabel(3)).isEqualTo("total");
            assertThat(statement.getMetaData().getColumnType(1)).isEqualTo(Types.INTEGER);
            statement.setBigDecimal(1, BigDecimal.ONE);
            statement.setInt(2, 4);
            statement.setString(3, "%");
            statement.setTimestamp(4, Timestamp.valueOf("9999-01-01 00:00:00"));
            List<List<Object>> rows = ReferenceWorkload.rows(statement.executeQuery());
            assertThat(rows).extracting(row -> row.get(0)).containsExactlyInAnyOrder(4, 5);
        }
    }

    @FunctionalInterface
    private interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }
}
