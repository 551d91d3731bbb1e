package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Flink's {@code ARRAY}, {@code ROW} and {@code MAP} over JDBC, with rows from a job on the embedded cluster: Sluice's
 * driver gives a {@code java.sql.Array}, a {@code java.sql.Struct} and a {@code java.util.Map} of Java values of the
 * parts' types, over protobuf and JSON; Avatica's own JDBC client gets arrays as {@code java.sql.Array} and rows and
 * maps as Flink's text, over both encodings.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class StructuredTypesIT {
    private static final String QUERY = "select array[1, cast(null as int), 3] as ints,"
            + " array_remove(array[1], 1) as none_in, cast(null as array<int>) as absent,"
            + " array[cast(1.25 as decimal(10, 2)), null] as decimals,"
            + " array[timestamp '2024-01-02 03:04:05.123', null] as stamps,"
            + " array[array[1, 2], cast(null as array<int>)] as nested,"
            + " array[cast(row(1, 'x') as row<a int, b string>), null] as pairs,"
            + " cast(row(7, date '2024-02-29', cast(timestamp '2024-02-29 13:14:15' as timestamp_ltz(3)),"
            + " array['u', 'v']) as row<a int, d date, ts timestamp_ltz(3), tags array<string>>) as r,"
            + " map['k', 1] as m"
            + " from (values ('go')) as t(s) where char_length(s) > 0";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @ParameterizedTest
    @EnumSource(names = {"protobuf", "json"})
    void sluicesDriverGivesArraysStructsAndMaps(Encoding encoding) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("serialization", encoding.name());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl(), properties);
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'table.local-time-zone' = 'UTC'");
            try (ResultSet rows = statement.executeQuery(QUERY)) {
                ResultSetMetaData metaData = rows.getMetaData();
                assertThat(metaData.getColumnType(1)).isEqualTo(Types.ARRAY);
                assertThat(metaData.getColumnTypeName(1)).isEqualTo("ARRAY<INT>");
                assertThat(metaData.getColumnClassName(1)).isEqualTo(Array.class.getName());
                assertThat(metaData.getColumnType(8)).isEqualTo(Types.STRUCT);
                assertThat(metaData.getColumnTypeName(8))
                        .isEqualTo("ROW<`a` INT, `d` DATE, `ts` TIMESTAMP_LTZ(3), `tags` ARRAY<STRING>>");
                assertThat(metaData.getColumnClassName(8)).isEqualTo(Struct.class.getName());
                assertThat(metaData.getColumnType(9)).isEqualTo(Types.JAVA_OBJECT);
                assertThat(metaData.getColumnTypeName(9)).isEqualTo("MAP<CHAR(1), INT>");
                assertThat(metaData.getColumnClassName(9)).isEqualTo(Map.class.getName());
                assertThat(rows.next()).isTrue();

                Array ints = rows.getArray("ints");
                assertThat((Object[]) ints.getArray()).containsExactly(1, null, 3);
                assertThat(ints.getBaseType()).isEqualTo(Types.INTEGER);
                assertThat(elements(ints.getResultSet()))
                        .containsExactly(Arrays.asList(1, 1), Arrays.asList(2, null), Arrays.asList(3, 3));
                assertThat((Object[]) rows.getArray("none_in").getArray()).isEmpty();
                assertThat(rows.getArray("absent")).isNull();
                assertThat(rows.getObject("absent")).isNull();
                assertThat((Object[]) rows.getArray("decimals").getArray())
                        .containsExactly(new BigDecimal("1.25"), null);
                assertThat((Object[]) rows.getArray("stamps").getArray())
                        .containsExactly(Timestamp.valueOf("2024-01-02 03:04:05.123"), null);
                Object[] nested = (Object[]) rows.getArray("nested").getArray();
                assertThat((Object[]) ((Array) nested[0]).getArray()).containsExactly(1, 2);
                assertThat(nested[1]).isNull();
                Object[] pairs = (Object[]) rows.getArray("pairs").getArray();
                assertThat(((Struct) pairs[0]).getAttributes()).containsExactly(1, "x");
                assertThat(pairs[1]).isNull();

                Struct row = (Struct) rows.getObject("r");
                Object[] fields = row.getAttributes();
                assertThat(fields[0]).isEqualTo(7);
                assertThat(fields[1]).isEqualTo(java.sql.Date.valueOf("2024-02-29"));
                assertThat(((Timestamp) fields[2]).toInstant()).isEqualTo(Instant.parse("2024-02-29T13:14:15Z"));
                assertThat((Object[]) ((Array) fields[3]).getArray()).containsExactly("u", "v");
                assertThat(rows.getObject("r", Struct.class)).isEqualTo(row);
                assertThat(rows.getObject("m")).isEqualTo(Map.of("k", 1));

                assertThat(rows.getString("ints")).isEqualTo("[1, NULL, 3]");
                // the instant as a Timestamp shows it, in the JVM's time zone
                assertThat(rows.getString("r"))
                        .startsWith("(7, 2024-02-29, 2024-")
                        .endsWith(", [u, v])");
                assertThat(rows.getString("m")).isEqualTo("{k=1}");
                assertThat(rows.getString("absent")).isNull();
                assertThat(rows.next()).isFalse();
            }
        }
    }

    @Test
    void sluicesDriverGivesTheSameToAPreparedStatement() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                PreparedStatement prepared =
                        connection.prepareStatement("select * from (" + QUERY + ") where r.a = ?")) {
            prepared.setInt(1, 7);
            assertThat(prepared.getMetaData().getColumnType(8)).isEqualTo(Types.STRUCT);
            try (ResultSet rows = prepared.executeQuery()) {
                assertThat(rows.next()).isTrue();
                assertThat(((Struct) rows.getObject(8)).getAttributes()[0]).isEqualTo(7);
                assertThat((Object[]) rows.getArray(1).getArray()).containsExactly(1, null, 3);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = ClientDriver.class,
            names = {"AVATICA_PROTOBUF", "AVATICA_JSON"})
    void avaticasOwnClientGetsArraysAndTheTextOfRowsAndMaps(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(QUERY)) {
            ResultSetMetaData metaData = rows.getMetaData();
            assertThat(metaData.getColumnType(1)).isEqualTo(Types.ARRAY);
            assertThat(metaData.getColumnTypeName(1)).isEqualTo("ARRAY<INT>");
            assertThat(metaData.getColumnType(8)).isEqualTo(Types.VARCHAR);
            assertThat(metaData.getColumnTypeName(8))
                    .isEqualTo("ROW<`a` INT, `d` DATE, `ts` TIMESTAMP_LTZ(3), `tags` ARRAY<STRING>>");
            assertThat(metaData.getColumnType(9)).isEqualTo(Types.VARCHAR);
            assertThat(rows.next()).isTrue();

            Array ints = rows.getArray(1);
            assertThat((Object[]) ints.getArray()).containsExactly(1, null, 3);
            assertThat(elements(ints.getResultSet()))
                    .containsExactly(Arrays.asList(1, 1), Arrays.asList(2, null), Arrays.asList(3, 3));
            assertThat((Object[]) rows.getArray(2).getArray()).isEmpty();
            assertThat(rows.getArray(3)).isNull();
            assertThat((Object[]) rows.getArray(4).getArray()).containsExactly(new BigDecimal("1.25"), null);
            assertThat((Object[]) rows.getArray(5).getArray())
                    .containsExactly(Timestamp.valueOf("2024-01-02 03:04:05.123"), null);
            assertThat(rows.getArray(6).getBaseType()).isEqualTo(Types.ARRAY);
            assertThat((Object[]) rows.getArray(7).getArray()).containsExactly("(1, x)", null);
            assertThat(rows.getString(8)).isEqualTo("(7, 2024-02-29, 2024-02-29T13:14:15Z, [u, v])");
            assertThat(rows.getString(9)).isEqualTo("{k=1}");
        }
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void getColumnsSaysTheJdbcTypesOfATablesColumns(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE shapes (xs ARRAY<INT>, m MAP<STRING, INT>,"
                    + " r ROW<a INT, b STRING>) WITH ('connector' = 'datagen', 'number-of-rows' = '1')");
            List<String> columns = new ArrayList<>();
            try (ResultSet described = connection.getMetaData().getColumns(null, null, "shapes", null)) {
                while (described.next()) {
                    columns.add(described.getString("COLUMN_NAME") + " " + described.getInt("DATA_TYPE") + " "
                            + described.getString("TYPE_NAME"));
                }
            }
            assertThat(columns)
                    .containsExactly(
                            "xs " + Types.ARRAY + " ARRAY",
                            "m " + Types.JAVA_OBJECT + " MAP",
                            "r " + Types.STRUCT + " ROW");
        }
    }

    enum Encoding {
        protobuf,
        json
    }

    private static List<List<Object>> elements(ResultSet elements) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (elements) {
            while (elements.next()) {
                rows.add(Arrays.asList(elements.getInt(1), elements.getObject(2)));
            }
        }
        return rows;
    }
}
