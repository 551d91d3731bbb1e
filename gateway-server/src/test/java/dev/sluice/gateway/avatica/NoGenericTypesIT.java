package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With Flink's generic types disabled, any type on Sluice's path that would fall back to Kryo fails the job
 * ("Generic types have been disabled"); Kryo costs up to 75% of throughput against Flink's row serializers. The
 * reference workload and every result type Sluice supports must run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class NoGenericTypesIT {
    private static final String ALL_TYPES = "select true as b, cast(1 as tinyint) as ti, cast(2 as smallint) as si,"
            + " 3 as i, cast(4 as bigint) as bi, cast(1.5 as float) as f, cast(2.5 as double) as d,"
            + " cast(12.34 as decimal(10, 2)) as amount, 'text' as s, cast('c' as char(1)) as c, x'cafe' as bin,"
            + " date '2024-02-29' as dt, time '13:14:15' as tm, timestamp '2024-02-29 13:14:15.123' as ts,"
            + " cast(timestamp '2024-02-29 13:14:15' as timestamp_ltz(3)) as ltz, array[1, 2] as arr,"
            + " map['k', 1] as mp, row(1, 'x') as r, cast(null as int) as n";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of("pipeline.generic-types", "false"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"batch", "streaming"})
    void runsTheReferenceWorkload(String mode) throws SQLException {
        try (Connection connection =
                DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=" + mode)) {
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"batch", "streaming"})
    void returnsEverySupportedType(String mode) throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=" + mode);
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'table.local-time-zone' = 'UTC'");
            try (ResultSet result = statement.executeQuery(ALL_TYPES)) {
                assertThat(result.next()).isTrue();
                assertThat(result.getBoolean("b")).isTrue();
                assertThat(result.getByte("ti")).isEqualTo((byte) 1);
                assertThat(result.getShort("si")).isEqualTo((short) 2);
                assertThat(result.getInt("i")).isEqualTo(3);
                assertThat(result.getLong("bi")).isEqualTo(4L);
                assertThat(result.getFloat("f")).isEqualTo(1.5f);
                assertThat(result.getDouble("d")).isEqualTo(2.5);
                assertThat(result.getBigDecimal("amount")).isEqualByComparingTo(new BigDecimal("12.34"));
                assertThat(result.getString("s")).isEqualTo("text");
                assertThat(result.getString("c")).isEqualTo("c");
                assertThat(result.getBytes("bin")).containsExactly(0xCA, 0xFE);
                assertThat(result.getDate("dt").toLocalDate()).isEqualTo(LocalDate.of(2024, 2, 29));
                assertThat(result.getTime("tm").toLocalTime()).isEqualTo(LocalTime.of(13, 14, 15));
                assertThat(result.getTimestamp("ts").toLocalDateTime())
                        .isEqualTo(LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_000_000));
                assertThat(result.getTimestamp("ltz").toInstant()).isEqualTo(Instant.parse("2024-02-29T13:14:15Z"));
                assertThat(result.getString("arr")).isEqualTo("[1, 2]");
                assertThat(result.getString("mp")).isEqualTo("{k=1}");
                assertThat(result.getString("r")).isEqualTo("(1, x)");
                assertThat(result.getObject("n")).isNull();
                assertThat(result.next()).isFalse();
            }
        }
    }
}
