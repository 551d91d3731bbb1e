package dev.sluice.planner;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.HexFormat;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/**
 * Renders Java values as Flink SQL literals of the matching type, each one self-contained expression: a quote in a
 * string is doubled (Flink's string literals have no backslash escapes, so a backslash is an ordinary character),
 * numbers are wrapped in a {@code CAST} so that their type does not depend on their digits, and every other value is
 * made of digits, signs and a fixed keyword.
 *
 * <p>Supported values: {@code null} (with a type), Boolean, Byte, Short, Integer, Long, BigDecimal, Float, Double,
 * String, byte[], LocalDate, LocalTime, LocalDateTime, Instant and OffsetDateTime (as {@code TIMESTAMP_LTZ}).
 */
public final class SqlLiterals {
    /** Flink's largest DECIMAL precision. */
    private static final int MAX_DECIMAL_PRECISION = 38;

    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .toFormatter(Locale.ROOT);

    private SqlLiterals() {}

    /**
     * The literal of {@code value}.
     *
     * @throws IllegalArgumentException for a value of another class, or one Flink cannot represent
     */
    public static String of(Object value) {
        requireNonNull(value, "value is null; use typedNull");
        if (value instanceof String string) {
            return string(string);
        }
        if (value instanceof Boolean bool) {
            return bool ? "TRUE" : "FALSE";
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long) {
            return "CAST(" + value + " AS " + integerType(value) + ")";
        }
        if (value instanceof BigDecimal decimal) {
            return decimal(decimal);
        }
        if (value instanceof Double number) {
            return approximate(number, Double.toString(number), "DOUBLE");
        }
        if (value instanceof Float number) {
            return approximate(number.doubleValue(), Float.toString(number), "FLOAT");
        }
        if (value instanceof byte[] bytes) {
            return "X'" + HexFormat.of().formatHex(bytes) + "'";
        }
        if (value instanceof LocalDate date) {
            return "DATE '" + date(date) + "'";
        }
        if (value instanceof LocalTime time) {
            return "TIME '" + TIME.format(time) + "'";
        }
        if (value instanceof LocalDateTime timestamp) {
            return "TIMESTAMP '" + timestamp(timestamp) + "'";
        }
        if (value instanceof OffsetDateTime offsetDateTime) {
            return of(offsetDateTime.toInstant());
        }
        if (value instanceof Instant instant) {
            return "TO_TIMESTAMP_LTZ(" + instant.toEpochMilli() + ", 3)";
        }
        throw new IllegalArgumentException(
                "Cannot bind a value of " + value.getClass().getName() + " as a Flink SQL literal");
    }

    /** {@code CAST(NULL AS type)}: Flink accepts an untyped NULL in few places. */
    public static String typedNull(String flinkType) {
        requireNonNull(flinkType, "flinkType is null");
        return "CAST(NULL AS " + typeName(flinkType) + ")";
    }

    /** A character string literal: the value between single quotes, each quote doubled. */
    public static String string(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /**
     * A type name from Sluice's own type metadata is trusted only if it is made of letters, digits, underscores,
     * spaces, parentheses and commas; anything else would let metadata write SQL.
     */
    private static String typeName(String flinkType) {
        if (!flinkType.matches("[A-Za-z][A-Za-z0-9_ (),]*")) {
            throw new IllegalArgumentException("Not a Flink type name: " + flinkType);
        }
        return flinkType;
    }

    private static String integerType(Object value) {
        if (value instanceof Byte) {
            return "TINYINT";
        }
        if (value instanceof Short) {
            return "SMALLINT";
        }
        return value instanceof Integer ? "INTEGER" : "BIGINT";
    }

    private static String decimal(BigDecimal value) {
        BigDecimal decimal = value.scale() < 0 ? value.setScale(0) : value;
        int scale = decimal.scale();
        int precision = Math.max(decimal.precision(), scale + 1);
        if (precision > MAX_DECIMAL_PRECISION) {
            throw new IllegalArgumentException("Decimal " + value + " needs precision " + precision
                    + "; Flink's DECIMAL holds at most " + MAX_DECIMAL_PRECISION + " digits");
        }
        return "CAST(" + decimal.toPlainString() + " AS DECIMAL(" + precision + ", " + scale + "))";
    }

    /**
     * Finite values are approximate numeric literals ({@code 1.5E0}); NaN and the infinities have no literal, so
     * they are cast from their names, which Flink's string-to-number cast parses.
     */
    private static String approximate(double value, String text, String type) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "CAST('" + text + "' AS " + type + ")";
        }
        String literal = text.contains("E") ? text : text + "E0";
        return "CAST(" + literal + " AS " + type + ")";
    }

    private static String date(LocalDate date) {
        if (date.getYear() < 0 || date.getYear() > 9999) {
            throw new IllegalArgumentException("Date " + date + " is outside Flink's range 0000-01-01 to 9999-12-31");
        }
        return String.format(Locale.ROOT, "%04d-%02d-%02d", date.getYear(), date.getMonthValue(), date.getDayOfMonth());
    }

    private static String timestamp(LocalDateTime timestamp) {
        return date(timestamp.toLocalDate()) + " " + TIME.format(timestamp.toLocalTime());
    }
}
