package dev.sluice.gateway.avatica;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

final class WireValuesTest {
    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    @Test
    void dateIsEpochDay() {
        assertThat(WireValues.value(LocalDate.of(1970, 1, 2), type(DataTypes.DATE()), UTC))
                .isEqualTo(1);
        assertThat(WireValues.value(LocalDate.of(2024, 2, 29), type(DataTypes.DATE()), BERLIN))
                .isEqualTo((int) LocalDate.of(2024, 2, 29).toEpochDay());
        assertThat(WireValues.value(LocalDate.of(1969, 12, 31), type(DataTypes.DATE()), UTC))
                .isEqualTo(-1);
    }

    @Test
    void timeIsMillisecondsOfTheDay() {
        assertThat(WireValues.value(LocalTime.of(1, 2, 3, 4_567_000), type(DataTypes.TIME()), BERLIN))
                .isEqualTo(3_723_004);
        assertThat(WireValues.value(LocalTime.MIDNIGHT, type(DataTypes.TIME()), UTC))
                .isEqualTo(0);
    }

    @Test
    void timestampIsWallClockReadAsUtc() {
        LocalDateTime wallClock = LocalDateTime.of(2024, 3, 31, 2, 30, 0, 123_000_000);
        long expected = wallClock.toEpochSecond(ZoneOffset.UTC) * 1000 + 123;

        assertThat(WireValues.value(wallClock, type(DataTypes.TIMESTAMP(3)), BERLIN))
                .isEqualTo(expected);
        assertThat(WireValues.value(LocalDateTime.of(1970, 1, 1, 0, 0, 1), type(DataTypes.TIMESTAMP()), UTC))
                .isEqualTo(1000L);
    }

    @Test
    void localZonedTimestampIsTheInstantShownInTheSessionZoneWithItsOffset() {
        LogicalType ltz = type(DataTypes.TIMESTAMP_LTZ(3));

        assertThat(WireValues.value(Instant.EPOCH, ltz, UTC)).isEqualTo("1970-01-01 00:00:00.000+00:00");
        assertThat(WireValues.value(Instant.EPOCH, ltz, BERLIN)).isEqualTo("1970-01-01 01:00:00.000+01:00");
        assertThat(WireValues.value(Instant.parse("2024-07-01T10:00:00.5Z"), ltz, BERLIN))
                .isEqualTo("2024-07-01 12:00:00.500+02:00");
        assertThat(WireValues.value(Instant.parse("2024-01-02T12:34:56.789Z"), ltz, ZoneId.of("America/New_York")))
                .isEqualTo("2024-01-02 07:34:56.789-05:00");
    }

    @Test
    void localZonedTimestampHasTheFractionDigitsOfItsPrecision() {
        Instant instant = Instant.parse("2024-01-02T12:34:56.123456789Z");

        assertThat(WireValues.value(instant, type(DataTypes.TIMESTAMP_LTZ(0)), UTC))
                .isEqualTo("2024-01-02 12:34:56+00:00");
        assertThat(WireValues.value(instant, type(DataTypes.TIMESTAMP_LTZ(6)), UTC))
                .isEqualTo("2024-01-02 12:34:56.123456+00:00");
        assertThat(WireValues.value(instant, type(DataTypes.TIMESTAMP_LTZ(9)), UTC))
                .isEqualTo("2024-01-02 12:34:56.123456789+00:00");
    }

    @Test
    void offsetWithSecondsKeepsThem() {
        // as Amsterdam's time until 1937
        assertThat(WireValues.value(
                        Instant.parse("1920-01-01T00:00:00Z"),
                        type(DataTypes.TIMESTAMP_LTZ(0)),
                        ZoneOffset.ofHoursMinutesSeconds(0, 19, 32)))
                .isEqualTo("1920-01-01 00:19:32+00:19:32");
    }

    @Test
    void zonedTimestampIsItsOwnWallClockAndOffset() {
        OffsetDateTime value = OffsetDateTime.of(1970, 1, 1, 1, 0, 0, 0, ZoneOffset.ofHours(5));

        assertThat(WireValues.value(value, type(DataTypes.TIMESTAMP_WITH_TIME_ZONE(3)), UTC))
                .isEqualTo("1970-01-01 01:00:00.000+05:00");
    }

    @Test
    void decimalStaysBigDecimal() {
        BigDecimal value = new BigDecimal("12345678.90");

        assertThat(WireValues.value(value, type(DataTypes.DECIMAL(10, 2)), UTC)).isSameAs(value);
    }

    @Test
    void binaryStaysBytes() {
        byte[] value = {1, 2, (byte) 0xFF};

        assertThat(WireValues.value(value, type(DataTypes.BYTES()), UTC)).isSameAs(value);
        assertThat(WireValues.value(value, type(DataTypes.BINARY(3)), UTC)).isSameAs(value);
    }

    @Test
    void numbersAndBooleansPassThrough() {
        assertThat(WireValues.value(42, type(DataTypes.INT()), UTC)).isEqualTo(42);
        assertThat(WireValues.value(42L, type(DataTypes.BIGINT()), UTC)).isEqualTo(42L);
        assertThat(WireValues.value((byte) 7, type(DataTypes.TINYINT()), UTC)).isEqualTo((byte) 7);
        assertThat(WireValues.value(2.5d, type(DataTypes.DOUBLE()), UTC)).isEqualTo(2.5d);
        assertThat(WireValues.value(true, type(DataTypes.BOOLEAN()), UTC)).isEqualTo(true);
    }

    @Test
    void floatsTravelAsDoublesWithTheirShortestDigits() {
        assertThat(WireValues.value(1.5f, type(DataTypes.FLOAT()), UTC)).isEqualTo(1.5d);
        assertThat(WireValues.value(1.1f, type(DataTypes.FLOAT()), UTC)).isEqualTo(1.1d);
    }

    @Test
    void charactersBecomeStrings() {
        assertThat(WireValues.value("text", type(DataTypes.STRING()), UTC)).isEqualTo("text");
        assertThat(WireValues.value(new StringBuilder("ab"), type(DataTypes.CHAR(2)), UTC))
                .isEqualTo("ab");
    }

    @Test
    void textOfAnArrayIsFlinks() {
        assertThat(WireValues.value(new Integer[] {1, null}, type(DataTypes.ARRAY(DataTypes.INT())), UTC))
                .isEqualTo("[1, NULL]");
        assertThat(WireValues.value(
                        new Integer[][] {{1, 2}, {3}}, type(DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.INT()))), UTC))
                .isEqualTo("[[1, 2], [3]]");
        assertThat(WireValues.value(new String[0], type(DataTypes.ARRAY(DataTypes.STRING())), UTC))
                .isEqualTo("[]");
    }

    @Test
    void textOfARowIsFlinks() {
        LogicalType rowType = type(DataTypes.ROW(
                DataTypes.FIELD("a", DataTypes.INT()),
                DataTypes.FIELD("b", DataTypes.STRING()),
                DataTypes.FIELD("c", DataTypes.BYTES())));

        assertThat(WireValues.value(Row.of(1, "x", null), rowType, UTC)).isEqualTo("(1, x, NULL)");
        assertThat(WireValues.value(Row.of(1, "x", new byte[] {0x0A, (byte) 0xFF}), rowType, UTC))
                .isEqualTo("(1, x, 0aff)");
    }

    @Test
    void textOfAMapIsFlinks() {
        assertThat(WireValues.value(Map.of("k", 1), type(DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())), UTC))
                .isEqualTo("{k=1}");
    }

    @Test
    void nullIsNullForEveryType() {
        assertThat(List.of(
                        DataTypes.INT(),
                        DataTypes.STRING(),
                        DataTypes.DATE(),
                        DataTypes.TIME(),
                        DataTypes.TIMESTAMP(3),
                        DataTypes.TIMESTAMP_LTZ(3),
                        DataTypes.DECIMAL(10, 2),
                        DataTypes.BYTES(),
                        DataTypes.ARRAY(DataTypes.INT()),
                        DataTypes.NULL()))
                .allSatisfy(dataType -> assertThat(WireValues.value(null, dataType.getLogicalType(), BERLIN))
                        .isNull());
    }

    @Test
    void convertsARowByColumnTypes() {
        List<LogicalType> types = List.of(type(DataTypes.INT()), type(DataTypes.DATE()), type(DataTypes.STRING()));

        assertThat(WireValues.row(Row.of(7, LocalDate.of(1970, 1, 11), null), types, UTC, WireForms.PLAIN))
                .isEqualTo(Arrays.asList(7, 10, null));
    }

    private static LogicalType type(org.apache.flink.table.types.DataType dataType) {
        return dataType.getLogicalType();
    }
}
