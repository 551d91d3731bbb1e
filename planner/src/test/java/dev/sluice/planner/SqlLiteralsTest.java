package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class SqlLiteralsTest {
    static Stream<Arguments> values() {
        return Stream.of(
                arguments(true, "TRUE"),
                arguments((byte) -3, "CAST(-3 AS TINYINT)"),
                arguments((short) 300, "CAST(300 AS SMALLINT)"),
                arguments(42, "CAST(42 AS INTEGER)"),
                arguments(Long.MIN_VALUE, "CAST(-9223372036854775808 AS BIGINT)"),
                arguments(new BigDecimal("-12.340"), "CAST(-12.340 AS DECIMAL(5, 3))"),
                arguments(new BigDecimal("0.05"), "CAST(0.05 AS DECIMAL(3, 2))"),
                arguments(new BigDecimal("1E+3"), "CAST(1000 AS DECIMAL(4, 0))"),
                arguments(1.5d, "CAST(1.5E0 AS DOUBLE)"),
                arguments(1.0E-300d, "CAST(1.0E-300 AS DOUBLE)"),
                arguments(Double.NaN, "CAST('NaN' AS DOUBLE)"),
                arguments(Float.NEGATIVE_INFINITY, "CAST('-Infinity' AS FLOAT)"),
                arguments(0.1f, "CAST(0.1E0 AS FLOAT)"),
                arguments("it's", "'it''s'"),
                arguments("back\\slash", "'back\\slash'"),
                arguments(new byte[] {(byte) 0xCA, (byte) 0xFE}, "X'cafe'"),
                arguments(LocalDate.of(2024, 2, 29), "DATE '2024-02-29'"),
                arguments(LocalTime.of(13, 14, 15), "TIME '13:14:15'"),
                arguments(LocalTime.of(13, 14, 15, 120_000_000), "TIME '13:14:15.12'"),
                arguments(LocalDateTime.of(2024, 2, 29, 1, 2, 3, 456_000), "TIMESTAMP '2024-02-29 01:02:03.000456'"),
                arguments(Instant.ofEpochMilli(1_700_000_000_123L), "TO_TIMESTAMP_LTZ(1700000000123, 3)"));
    }

    @ParameterizedTest
    @MethodSource("values")
    void rendersTypedLiterals(Object value, String literal) {
        assertThat(SqlLiterals.of(value)).isEqualTo(literal);
    }

    @Test
    void rendersTypedNulls() {
        assertThat(SqlLiterals.typedNull("DECIMAL(10, 2)")).isEqualTo("CAST(NULL AS DECIMAL(10, 2))");
    }

    @Test
    void rejectsATypeNameThatIsNotOne() {
        assertThatThrownBy(() -> SqlLiterals.typedNull("INT) --"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Not a Flink type name: INT) --");
    }

    @Test
    void rejectsDecimalsBeyondFlinksPrecision() {
        assertThatThrownBy(() -> SqlLiterals.of(new BigDecimal("1" + "0".repeat(38))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs precision 39");
    }

    @Test
    void rejectsUnsupportedClasses() {
        assertThatThrownBy(() -> SqlLiterals.of(new Object()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot bind a value of java.lang.Object");
    }
}
