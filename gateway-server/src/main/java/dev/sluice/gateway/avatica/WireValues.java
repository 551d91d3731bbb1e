package dev.sluice.gateway.avatica;

import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Converts values of Flink rows to the Java values Avatica puts on the wire for the column's JDBC type.
 *
 * <p>Dates are days since the epoch, times milliseconds of the day, and timestamps milliseconds of the wall-clock time
 * read as UTC, as Avatica's JDBC server sends them; the driver applies the client's time zone. A
 * {@code TIMESTAMP_LTZ} is an instant, sent as text: the wall-clock time in the session's time zone
 * ({@code table.local-time-zone}) as Flink shows it, with the fraction of the type's precision, and that zone's offset
 * at the instant ({@code 2024-01-02 13:34:56.789+01:00}), so that every client reads the instant Flink computed
 * whatever its own time zone. A {@code TIMESTAMP} of more than millisecond precision goes as its text to a client that
 * reads it so ({@link WireTimestamps}). An {@code ARRAY}, {@code MAP} or {@code ROW} in a row is converted by
 * {@link StructuredColumns}; {@link #value} gives their text, the form in which other clients read rows and maps.
 */
final class WireValues {
    private static final DateTimeFormatter TIME_OF_DAY = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter OFFSET = DateTimeFormatter.ofPattern("xxxxx", Locale.ROOT);

    private WireValues() {}

    /** Converts one row; {@code types} are the column types in order. */
    static List<Object> row(Row row, List<LogicalType> types, ZoneId sessionZone, WireForms forms) {
        List<Object> values = new ArrayList<>(types.size());
        for (int i = 0; i < types.size(); i++) {
            LogicalType type = types.get(i);
            Object field = row.getField(i);
            if (StructuredColumns.isStructured(type)) {
                values.add(StructuredColumns.wire(field, type, sessionZone, forms));
            } else if (field != null && forms.timestamps().asText(type)) {
                values.add(wallClockText((LocalDateTime) field, LogicalTypeChecks.getPrecision(type)));
            } else {
                values.add(value(field, type, sessionZone));
            }
        }
        return values;
    }

    /** {@code 2024-01-02 13:34:56.789123}: a timestamp sent as text ({@link WireTimestamps}). */
    static String wallClockText(LocalDateTime value, int precision) {
        return wallClock(value, precision).toString();
    }

    static @Nullable Object value(@Nullable Object value, LogicalType type, ZoneId sessionZone) {
        if (value == null) {
            return null;
        }
        return switch (type.getTypeRoot()) {
            case CHAR, VARCHAR -> value.toString();
            case BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, DOUBLE -> value;
            // as a double, with the float's shortest decimal digits (1.1f is 1.1, not 1.100000023841858)
            case FLOAT -> Double.parseDouble(value.toString());
            case DECIMAL -> (BigDecimal) value;
            case BINARY, VARBINARY -> (byte[]) value;
            case DATE -> (int) ((LocalDate) value).toEpochDay();
            case TIME_WITHOUT_TIME_ZONE -> (int) (((LocalTime) value).toNanoOfDay() / 1_000_000L);
            case TIMESTAMP_WITHOUT_TIME_ZONE ->
                ((LocalDateTime) value).toInstant(ZoneOffset.UTC).toEpochMilli();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                instant(OffsetDateTime.ofInstant((Instant) value, sessionZone), LogicalTypeChecks.getPrecision(type));
            case TIMESTAMP_WITH_TIME_ZONE -> instant((OffsetDateTime) value, LogicalTypeChecks.getPrecision(type));
            case NULL -> null;
            default -> text(value);
        };
    }

    /**
     * {@code 2024-01-02 13:34:56.789+01:00}: the date and time with {@code precision} digits of fraction, as Flink
     * writes a timestamp of that precision, then the offset (with its seconds when it has any, as zones had before
     * 1900).
     */
    static String instant(OffsetDateTime value, int precision) {
        return wallClock(value.toLocalDateTime(), precision)
                .append(OFFSET.format(value))
                .toString();
    }

    /** {@code 2024-01-02 13:34:56.789123}: the date and time with {@code precision} digits of fraction. */
    private static StringBuilder wallClock(LocalDateTime value, int precision) {
        StringBuilder text = new StringBuilder(35)
                .append(value.toLocalDate())
                .append(' ')
                .append(TIME_OF_DAY.format(value.toLocalTime()));
        if (precision > 0) {
            String nanos = String.valueOf(1_000_000_000L + value.getNano());
            text.append('.').append(nanos, 1, 1 + precision);
        }
        return text;
    }

    /** Flink's text of a value JDBC cannot carry natively: [1, 2], {k=v}, (a, b). */
    static String text(Object value) {
        if (value instanceof Object[] array) {
            StringBuilder text = new StringBuilder("[");
            for (int i = 0; i < array.length; i++) {
                text.append(i == 0 ? "" : ", ").append(array[i] == null ? "NULL" : text(array[i]));
            }
            return text.append(']').toString();
        }
        if (value instanceof Row row) {
            StringBuilder text = new StringBuilder("(");
            for (int i = 0; i < row.getArity(); i++) {
                Object field = row.getField(i);
                text.append(i == 0 ? "" : ", ").append(field == null ? "NULL" : text(field));
            }
            return text.append(')').toString();
        }
        if (value instanceof byte[] bytes) {
            return java.util.HexFormat.of().formatHex(bytes);
        }
        return String.valueOf(value);
    }
}
