package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
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
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.Map;
import java.util.TimeZone;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code TIMESTAMP} of more than millisecond precision reaches Sluice's driver with every digit of its fraction
 * (Avatica's wire has milliseconds only, so the gateway sends Sluice's driver such a column as text), typed
 * {@code TIMESTAMP} all the same; Avatica's own client still gets a {@code TIMESTAMP} of milliseconds, as before. Rows
 * come from a job, through the embedded cluster.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class PreciseTimestampsIT {
    private static final String QUERY = "select cast(s as TIMESTAMP(6)) as micros, cast(s as TIMESTAMP(9)) as nanos,"
            + " cast(s as TIMESTAMP(3)) as millis, cast(null as TIMESTAMP(6)) as nothing"
            + " from (values ('2024-01-02 03:04:05.123456789')) as t(s) where char_length(s) > 0";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @Test
    void sluicesDriverReadsEveryDigit() throws SQLException {
        try (Connection connection = DriverManager.getConnection(ClientDriver.SLUICE.url(gateway));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(QUERY)) {
            ResultSetMetaData metaData = rows.getMetaData();
            assertThat(metaData.getColumnType(1)).isEqualTo(Types.TIMESTAMP);
            assertThat(metaData.getColumnTypeName(1)).isEqualTo("TIMESTAMP(6)");
            assertThat(metaData.getColumnClassName(1)).isEqualTo(Timestamp.class.getName());
            assertThat(metaData.getColumnType(3)).isEqualTo(Types.TIMESTAMP);
            assertThat(rows.next()).isTrue();

            assertThat(rows.getTimestamp(1)).isEqualTo(Timestamp.valueOf("2024-01-02 03:04:05.123456"));
            assertThat(rows.getTimestamp("nanos").getNanos()).isEqualTo(123_456_789);
            assertThat(rows.getObject(2, LocalDateTime.class))
                    .isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789));
            assertThat(rows.getObject(1)).isEqualTo(Timestamp.valueOf("2024-01-02 03:04:05.123456"));
            assertThat(rows.getString(1)).isEqualTo("2024-01-02 03:04:05.123456");
            assertThat(rows.getTimestamp(3)).isEqualTo(Timestamp.valueOf("2024-01-02 03:04:05.123"));
            assertThat(rows.getTimestamp(4)).isNull();
            assertThat(rows.getObject(4, LocalDateTime.class)).isNull();

            Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
            Timestamp inUtc = rows.getTimestamp(1, utc);
            assertThat(inUtc.toInstant())
                    .isEqualTo(
                            LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000).toInstant(ZoneOffset.UTC));
        }
    }

    @Test
    void avaticasOwnClientStillGetsATimestampOfMilliseconds() throws SQLException {
        try (Connection connection = DriverManager.getConnection(ClientDriver.AVATICA_PROTOBUF.url(gateway));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(QUERY)) {
            assertThat(rows.getMetaData().getColumnType(1)).isEqualTo(Types.TIMESTAMP);
            assertThat(rows.next()).isTrue();
            assertThat(rows.getTimestamp(1)).isEqualTo(Timestamp.valueOf("2024-01-02 03:04:05.123"));
        }
    }
}
