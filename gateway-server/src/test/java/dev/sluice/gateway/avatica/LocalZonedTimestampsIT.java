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
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code TIMESTAMP_LTZ} through JDBC: the instant a client reads is the one Flink computed, whatever the client's and
 * the session's time zones, and its text is the session's wall-clock time as Flink shows it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class LocalZonedTimestampsIT {
    /** 2024-01-02T12:34:56.789Z: 21:34:56.789 in Tokyo, 07:34:56.789 in New York. */
    private static final Instant INSTANT = Instant.ofEpochMilli(1_704_198_896_789L);

    private static final String FLINK_CLUSTER_QUERY = "SELECT TO_TIMESTAMP_LTZ(1704198896789, 3) AS ltz,"
            + " CAST(TO_TIMESTAMP_LTZ(1704198896789, 3) AS STRING) AS shown FROM (VALUES (1)) AS t(x)";
    private static final String CONSTANT_QUERY =
            "SELECT TO_TIMESTAMP_LTZ(1704198896789, 3) AS ltz, CAST(TO_TIMESTAMP_LTZ(1704198896789, 3) AS STRING) AS shown";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {FLINK_CLUSTER_QUERY, CONSTANT_QUERY})
    void sluiceDriverReadsTheInstantInAnotherZoneThanTheSessions(String query) throws SQLException {
        TimeZone jvmZone = TimeZone.getDefault();
        // the client's zone; the session's is Tokyo
        TimeZone.setDefault(TimeZone.getTimeZone("America/New_York"));
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'table.local-time-zone' = 'Asia/Tokyo'");
            try (ResultSet result = statement.executeQuery(query)) {
                ResultSetMetaData metaData = result.getMetaData();
                assertThat(metaData.getColumnType(1)).isEqualTo(Types.TIMESTAMP_WITH_TIMEZONE);
                assertThat(metaData.getColumnTypeName(1)).isEqualTo("TIMESTAMP_LTZ");
                assertThat(metaData.getColumnClassName(1)).isEqualTo(Timestamp.class.getName());
                assertThat(result.next()).isTrue();

                assertThat(result.getTimestamp(1).toInstant()).isEqualTo(INSTANT);
                assertThat(result.getObject(1)).isEqualTo(Timestamp.from(INSTANT));
                assertThat(result.getObject(1, Instant.class)).isEqualTo(INSTANT);
                assertThat(result.getObject("ltz", OffsetDateTime.class))
                        .isEqualTo(OffsetDateTime.parse("2024-01-02T21:34:56.789+09:00"));
                // as Flink shows it in the session
                assertThat(result.getString(1))
                        .isEqualTo("2024-01-02 21:34:56.789")
                        .isEqualTo(result.getString("shown"));
            }
        } finally {
            TimeZone.setDefault(jvmZone);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = ClientDriver.class,
            names = {"AVATICA_PROTOBUF", "AVATICA_JSON"})
    void avaticasDriverReadsTheInstantAsTextWithItsOffset(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'table.local-time-zone' = 'America/New_York'");
            try (ResultSet result = statement.executeQuery(FLINK_CLUSTER_QUERY)) {
                // Avatica's client (1.29) cannot getObject a TIMESTAMP_WITH_TIMEZONE column: text, named by its type
                assertThat(result.getMetaData().getColumnType(1)).isEqualTo(Types.VARCHAR);
                assertThat(result.getMetaData().getColumnTypeName(1)).isEqualTo("TIMESTAMP_LTZ");
                assertThat(result.next()).isTrue();

                assertThat(result.getString(1)).isEqualTo("2024-01-02 07:34:56.789-05:00");
                assertThat(result.getObject(1)).isEqualTo("2024-01-02 07:34:56.789-05:00");
                assertThat(OffsetDateTime.parse(result.getString(1).replace(' ', 'T'))
                                .toInstant())
                        .isEqualTo(INSTANT);
            }
        }
    }

    @Test
    void sluiceDriverBindsAnInstantExactlyInAnotherZoneThanTheSessions() throws SQLException {
        TimeZone jvmZone = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("America/New_York"));
        String matches = "SELECT count(*) FROM (VALUES (TO_TIMESTAMP_LTZ(1704198896789, 3))) AS t(ltz) WHERE ltz = ?";
        // a TIMESTAMP compares with the instant's wall-clock time in the session's zone, as Flink casts an instant
        String matchesWallClock =
                "SELECT count(*) FROM (VALUES (TIMESTAMP '2024-01-02 21:34:56.789')) AS t(ts)" + " WHERE ts = ?";
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'table.local-time-zone' = 'Asia/Tokyo'");
            for (Object instant : List.of(
                    INSTANT,
                    INSTANT.atOffset(ZoneOffset.ofHours(5)),
                    INSTANT.atZone(ZoneId.of("Europe/Paris")),
                    OffsetDateTime.parse("2024-01-02T12:34:56.789Z"))) {
                assertThat(count(connection, matches, instant))
                        .as("%s at an LTZ", instant)
                        .isEqualTo(1L);
                assertThat(count(connection, matchesWallClock, instant))
                        .as("%s at a TIMESTAMP", instant)
                        .isEqualTo(1L);
            }
            assertThat(count(connection, matches, INSTANT.plusMillis(1))).isZero();

            assertThatThrownBy(() -> count(connection, matches, INSTANT.plusNanos(1_000)))
                    .satisfies(hasSqlState("22023"))
                    .hasMessageContaining("finer than milliseconds");
            assertThat(count(connection, matches, INSTANT))
                    .as("the session goes on")
                    .isEqualTo(1L);
        } finally {
            TimeZone.setDefault(jvmZone);
        }
    }

    private static long count(Connection connection, String sql, Object value) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setObject(1, value);
            try (ResultSet result = statement.executeQuery()) {
                assertThat(result.next()).isTrue();
                return result.getLong(1);
            }
        }
    }
}
