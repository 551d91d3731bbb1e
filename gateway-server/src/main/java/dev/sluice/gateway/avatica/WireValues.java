package dev.sluice.gateway.avatica;

import org.apache.flink.table.types.logical.LogicalType;
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
import java.util.ArrayList;
import java.util.List;

/**
 * Converts values of Flink rows to the Java values Avatica puts on the wire for the column's JDBC type.
 *
 * <p>Dates are days since the epoch, times milliseconds of the day, and timestamps milliseconds of the wall-clock time
 * read as UTC, as Avatica's JDBC server sends them; the driver applies the client's time zone. A
 * {@code TIMESTAMP_LTZ} is shown as wall-clock time in the session's time zone ({@code table.local-time-zone}).
 */
final class WireValues {
    private WireValues() {}

    /** Converts one row; {@code types} are the column types in order. */
    static List<Object> row(Row row, List<LogicalType> types, ZoneId sessionZone) {
        List<Object> values = new ArrayList<>(types.size());
        for (int i = 0; i < types.size(); i++) {
            values.add(value(row.getField(i), types.get(i), sessionZone));
        }
        return values;
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
                LocalDateTime.ofInstant((Instant) value, sessionZone)
                        .toInstant(ZoneOffset.UTC)
                        .toEpochMilli();
            case TIMESTAMP_WITH_TIME_ZONE ->
                ((OffsetDateTime) value)
                        .toLocalDateTime()
                        .toInstant(ZoneOffset.UTC)
                        .toEpochMilli();
            case NULL -> null;
            default -> text(value);
        };
    }

    /** SQL-like text of a value JDBC cannot carry natively: ARRAY[1, 2], {k=v}, ROW(a, b). */
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
