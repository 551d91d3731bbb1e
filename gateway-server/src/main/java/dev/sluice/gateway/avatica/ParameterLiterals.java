package dev.sluice.gateway.avatica;

import dev.sluice.planner.SqlLiterals;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Turns a bound JDBC parameter (an Avatica {@link TypedValue}) into a Flink SQL literal.
 *
 * <p>The literal has the type of the value the client bound ({@code setInt} gives an INTEGER, {@code setString} a
 * string). Two cases use the type Flink inferred for the marker: a NULL takes it ({@code CAST(NULL AS type)},
 * {@code STRING} when nothing typed the marker), a string bound to a marker of another type is cast to it, as
 * a JDBC driver converts {@code setString} for a numeric parameter, and a number is cast to the numeric type of its
 * marker ({@code setLong} for an INT column), refused if that type cannot hold it. Date-time values arrive as Avatica's
 * zone-less wall-clock numbers (days, milliseconds of the day, milliseconds since the epoch read in UTC); a
 * timestamp bound to a {@code TIMESTAMP_LTZ} marker is read in the session's time zone, as Flink reads
 * {@code CAST(TIMESTAMP '...' AS TIMESTAMP_LTZ)}. A string with an offset ({@code 2024-01-02T13:34:56.789+01:00}, as
 * Sluice's driver binds an {@code OffsetDateTime} or an {@code Instant}) bound to a {@code TIMESTAMP_LTZ} or
 * {@code TIMESTAMP} marker is that instant exactly ({@link #instantLiteral}).
 */
final class ParameterLiterals {
    private ParameterLiterals() {}

    /**
     * The literal of a parameter that stands where Flink's parser wants a row count ({@code LIMIT ?}, {@code OFFSET
     * ?}, {@code FETCH FIRST ? ROWS}): an unsigned integer, written as digits, since no expression may stand there.
     *
     * @throws InvalidParameterException if the value is not a whole number from 0 to {@link Integer#MAX_VALUE}
     */
    static String rowCount(int index, @Nullable TypedValue value) {
        Object local = value == null ? null : value.toLocal();
        java.math.BigDecimal number = null;
        if (local instanceof Number given) {
            number = new java.math.BigDecimal(given.toString());
        } else if (local instanceof String text) {
            try {
                number = new java.math.BigDecimal(text.strip());
            } catch (NumberFormatException e) {
                number = null;
            }
        }
        if (number == null
                || number.signum() < 0
                || number.stripTrailingZeros().scale() > 0
                || number.compareTo(java.math.BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            throw new InvalidParameterException("Parameter " + (index + 1) + " is a row count (after LIMIT, OFFSET or"
                    + " FETCH), which must be a whole number from 0 to " + Integer.MAX_VALUE + ", was " + local);
        }
        return number.toBigInteger().toString();
    }

    static String literal(int index, @Nullable TypedValue value, @Nullable LogicalType markerType) {
        Object local = value == null ? null : value.toLocal();
        String literal;
        try {
            if (local == null) {
                return SqlLiterals.typedNull(markerType == null ? "STRING" : sqlType(markerType));
            }
            literal = SqlLiterals.of(javaValue(index, value.type, local));
        } catch (IllegalArgumentException e) {
            throw new InvalidParameterException("Parameter " + (index + 1) + " cannot be bound: " + e.getMessage(), e);
        }
        if (markerType == null) {
            return literal;
        }
        if (local instanceof String text) {
            Optional<String> instant = instantLiteral(index, text, markerType);
            if (instant.isPresent()) {
                return instant.get();
            }
        }
        if (local instanceof String && !markerType.is(LogicalTypeFamily.CHARACTER_STRING)) {
            return "CAST(" + literal + " AS " + sqlType(markerType) + ")";
        }
        if (local instanceof Number number && markerType.is(LogicalTypeFamily.NUMERIC)) {
            // setLong for an INT column (avatica-go binds every integer as BIGINT): Flink does not narrow on its own
            checkRange(index, number, markerType);
            // a cast that rounds would change the statement: amount > 7.249 is not amount > 7.25
            return castsExactly(number, markerType) ? "CAST(" + literal + " AS " + sqlType(markerType) + ")" : literal;
        }
        if (value.type == ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP
                && markerType.is(LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE)) {
            return "CAST(" + literal + " AS " + sqlType(markerType) + ")";
        }
        return literal;
    }

    private static Object javaValue(int index, ColumnMetaData.Rep rep, Object local) {
        return switch (rep) {
            case JAVA_SQL_DATE -> LocalDate.ofEpochDay(((Number) local).longValue());
            case JAVA_SQL_TIME -> LocalTime.ofNanoOfDay(((Number) local).longValue() * 1_000_000L);
            case JAVA_SQL_TIMESTAMP, JAVA_UTIL_DATE ->
                LocalDateTime.ofEpochSecond(
                        Math.floorDiv(((Number) local).longValue(), 1000L),
                        (int) Math.floorMod(((Number) local).longValue(), 1000L) * 1_000_000,
                        ZoneOffset.UTC);
            case BYTE_STRING -> ((ByteString) local).getBytes();
            case CHARACTER, PRIMITIVE_CHAR -> String.valueOf(local);
            case NUMBER -> local instanceof BigDecimal ? local : new BigDecimal(local.toString());
            case BOOLEAN,
                    PRIMITIVE_BOOLEAN,
                    BYTE,
                    PRIMITIVE_BYTE,
                    SHORT,
                    PRIMITIVE_SHORT,
                    INTEGER,
                    PRIMITIVE_INT,
                    LONG,
                    PRIMITIVE_LONG,
                    FLOAT,
                    PRIMITIVE_FLOAT,
                    DOUBLE,
                    PRIMITIVE_DOUBLE,
                    STRING -> local;
            default ->
                throw new InvalidParameterException("Parameter " + (index + 1) + " has type " + rep
                        + ", which Sluice cannot bind; bind numbers, strings, booleans, bytes, dates, times,"
                        + " timestamps or null");
        };
    }

    /**
     * Whether {@code number} cast to the numeric type of its marker keeps its value: a whole number for an integer
     * type, no more digits than a DECIMAL holds; any value for an approximate type, which the column's comparison
     * would make of it anyway.
     */
    static boolean castsExactly(Number number, LogicalType markerType) {
        BigDecimal value;
        try {
            value = number instanceof BigDecimal decimal ? decimal : new BigDecimal(number.toString());
        } catch (NumberFormatException e) {
            return markerType.is(LogicalTypeFamily.APPROXIMATE_NUMERIC); // NaN and the infinities
        }
        BigDecimal exact = value.stripTrailingZeros();
        int scale = Math.max(0, exact.scale());
        if (markerType.is(LogicalTypeFamily.INTEGER_NUMERIC)) {
            return scale == 0;
        }
        if (markerType instanceof DecimalType decimal) {
            int wholeDigits = Math.max(0, exact.precision() - exact.scale());
            return scale <= decimal.getScale() && wholeDigits <= decimal.getPrecision() - decimal.getScale();
        }
        return true;
    }

    /** Refuses a number that the integer type of its marker cannot hold, which a cast would wrap around. */
    private static void checkRange(int index, Number number, LogicalType markerType) {
        long min;
        long max;
        switch (markerType.getTypeRoot()) {
            case TINYINT -> {
                min = Byte.MIN_VALUE;
                max = Byte.MAX_VALUE;
            }
            case SMALLINT -> {
                min = Short.MIN_VALUE;
                max = Short.MAX_VALUE;
            }
            case INTEGER -> {
                min = Integer.MIN_VALUE;
                max = Integer.MAX_VALUE;
            }
            case BIGINT -> {
                min = Long.MIN_VALUE;
                max = Long.MAX_VALUE;
            }
            default -> {
                return;
            }
        }
        BigDecimal value = number instanceof BigDecimal decimal ? decimal : new BigDecimal(number.toString());
        if (value.compareTo(BigDecimal.valueOf(min)) < 0 || value.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new InvalidParameterException("Parameter " + (index + 1) + " is " + number + ", outside the range of "
                    + sqlType(markerType) + " (" + min + " to " + max + ")");
        }
    }

    /** Flink's SQL name of a type, nullable (a literal of a NOT NULL type would read as a constraint). */
    /**
     * The literal of {@code text} bound as parameter {@code index} to a marker of {@code markerType} if the marker is a
     * timestamp and the text an instant with its offset: {@code TO_TIMESTAMP_LTZ(epoch milliseconds, 3)}, exact to the
     * millisecond, cast for a {@code TIMESTAMP} marker (to its wall-clock time in the session's zone, as Flink casts any
     * {@code TIMESTAMP_LTZ}). Empty otherwise: then the text is an ordinary string. A finer fraction is refused rather
     * than cut: a comparison with a cut value could match rows the bound value does not.
     *
     * @throws InvalidParameterException for an instant with a fraction finer than milliseconds
     */
    private static Optional<String> instantLiteral(int index, String text, LogicalType markerType) {
        boolean withLocalZone = markerType.is(LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE);
        if (!withLocalZone && !markerType.is(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE)) {
            return Optional.empty();
        }
        Instant instant;
        try {
            instant = OffsetDateTime.parse(text.strip(), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
        if (instant.getNano() % 1_000_000 != 0) {
            throw new InvalidParameterException("Parameter " + (index + 1) + " is the instant " + text
                    + ", whose fraction is finer than milliseconds, which Flink's TO_TIMESTAMP_LTZ cannot hold;"
                    + " bind it truncated to milliseconds (in Java, Instant.truncatedTo(ChronoUnit.MILLIS))");
        }
        String literal = SqlLiterals.of(instant);
        return Optional.of(withLocalZone ? literal : "CAST(" + literal + " AS " + sqlType(markerType) + ")");
    }

    static String sqlType(LogicalType type) {
        return type.copy(true).asSerializableString();
    }
}
