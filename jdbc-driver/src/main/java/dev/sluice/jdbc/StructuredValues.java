package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Struct;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * The Java values of Flink's {@code ARRAY}, {@code MAP} and {@code ROW} as this driver gives them, made from what the
 * gateway sends: an array as a {@link java.sql.Array}, a row as a {@link java.sql.Struct} with its fields in order, a
 * map as a {@link java.util.Map}, at any depth; the values inside have the Java classes JDBC gives columns of their
 * types (a {@code DATE} a {@link java.sql.Date}, a {@code TIMESTAMP_LTZ} the instant as a {@link Timestamp}).
 *
 * <p>On the wire (over protobuf and JSON alike) an array or a row is a list of values, a map a list of
 * {@code [key, value]} lists; a value inside is in its column form: a date a number of days, a time milliseconds of
 * the day, a timestamp milliseconds of the wall-clock time read as UTC (or its text beyond milliseconds), an instant
 * its text with the offset, bytes as bytes (as base64 text in JSON).
 */
final class StructuredValues {
    private StructuredValues() {}

    /** The Java value of {@code wire}, of {@code type}. */
    static @Nullable Object read(@Nullable Object wire, StructuredType type) throws SQLException {
        if (wire == null) {
            return null;
        }
        try {
            if (type instanceof StructuredType.ArrayOf array) {
                List<?> elements = (List<?>) wire;
                Object[] values = new Object[elements.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = read(elements.get(i), array.element());
                }
                return new SluiceArray(array.element(), values);
            }
            if (type instanceof StructuredType.RowOf row) {
                List<?> fields = (List<?>) wire;
                Object[] attributes = new Object[row.fieldTypes().size()];
                for (int i = 0; i < attributes.length; i++) {
                    attributes[i] = read(fields.get(i), row.fieldTypes().get(i));
                }
                return new RowValue(row.name(), attributes);
            }
            if (type instanceof StructuredType.MapOf map) {
                Map<Object, Object> entries = new LinkedHashMap<>();
                for (Object entry : (List<?>) wire) {
                    List<?> pair = (List<?>) entry;
                    entries.put(read(pair.get(0), map.key()), read(pair.get(1), map.value()));
                }
                return entries;
            }
            return leaf(wire, (StructuredType.Leaf) type);
        } catch (ClassCastException | IndexOutOfBoundsException e) {
            throw new SQLDataException("Not a value of " + type.name() + ": " + wire, "22000", e);
        }
    }

    private static Object leaf(Object wire, StructuredType.Leaf leaf) throws SQLException {
        return switch (leaf.jdbcType()) {
            case java.sql.Types.TINYINT -> ((Number) wire).byteValue();
            case java.sql.Types.SMALLINT -> ((Number) wire).shortValue();
            case java.sql.Types.INTEGER -> ((Number) wire).intValue();
            case java.sql.Types.BIGINT -> ((Number) wire).longValue();
            case java.sql.Types.REAL -> ((Number) wire).floatValue();
            case java.sql.Types.DOUBLE -> ((Number) wire).doubleValue();
            case java.sql.Types.DECIMAL ->
                wire instanceof BigDecimal decimal ? decimal : new BigDecimal(wire.toString());
            case java.sql.Types.BINARY, java.sql.Types.VARBINARY ->
                wire instanceof String base64 ? Base64.getDecoder().decode(base64) : (byte[]) wire;
            // days, milliseconds of the day, and of the wall-clock time: read in the JVM's zone, as Avatica reads them
            case java.sql.Types.DATE -> java.sql.Date.valueOf(LocalDate.ofEpochDay(((Number) wire).longValue()));
            case java.sql.Types.TIME ->
                new Time(Timestamp.valueOf(
                                LocalDate.EPOCH.atTime(LocalTime.ofNanoOfDay(((Number) wire).longValue() * 1_000_000L)))
                        .getTime());
            case java.sql.Types.TIMESTAMP ->
                wire instanceof String text
                        ? PreciseTimestamps.timestamp(text, null)
                        : Timestamp.valueOf(millisAsWallClock(((Number) wire).longValue()));
            case java.sql.Types.TIMESTAMP_WITH_TIMEZONE -> InstantValues.timestamp((String) wire);
            // BOOLEAN, and strings: the text of types the gateway sends as text among them
            default -> wire;
        };
    }

    private static LocalDateTime millisAsWallClock(long millis) {
        return LocalDateTime.ofEpochSecond(
                Math.floorDiv(millis, 1000L), (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC);
    }

    /**
     * Flink's text of a value {@link #read} gave, as its SQL client shows it: {@code [1, 2]}, {@code (1, x)},
     * {@code {k=1}}, with {@code NULL} for a null inside.
     */
    static @Nullable String text(@Nullable Object value) throws SQLException {
        return value == null ? null : textInside(value);
    }

    private static String textInside(@Nullable Object value) throws SQLException {
        if (value == null) {
            return "NULL";
        }
        StringBuilder text = new StringBuilder();
        if (value instanceof Array array) {
            appendAll(text.append('['), (Object[]) array.getArray());
            return text.append(']').toString();
        }
        if (value instanceof Struct struct) {
            appendAll(text.append('('), struct.getAttributes());
            return text.append(')').toString();
        }
        if (value instanceof Map<?, ?> map) {
            text.append('{');
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                text.append(text.length() == 1 ? "" : ", ")
                        .append(textInside(entry.getKey()))
                        .append('=')
                        .append(textInside(entry.getValue()));
            }
            return text.append('}').toString();
        }
        return value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : value.toString();
    }

    private static void appendAll(StringBuilder text, Object[] values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            text.append(i == 0 ? "" : ", ").append(textInside(values[i]));
        }
    }

    /** A Flink {@code ROW} value: its fields' values in order ({@link StructuredValues}). */
    static final class RowValue implements Struct {
        private final String typeName;
        private final @Nullable Object[] attributes;

        RowValue(String typeName, @Nullable Object[] attributes) {
            this.typeName = requireNonNull(typeName, "typeName is null");
            this.attributes = attributes.clone();
        }

        /** Flink's type of the row, {@code ROW<`a` INT, `b` STRING>}. */
        @Override
        public String getSQLTypeName() {
            return typeName;
        }

        @Override
        public @Nullable Object[] getAttributes() {
            return attributes.clone();
        }

        /** The attributes; a type map is not supported (SQL user-defined types have no place in Flink's rows). */
        @Override
        public @Nullable Object[] getAttributes(@Nullable Map<String, Class<?>> map) throws SQLException {
            if (map != null && !map.isEmpty()) {
                throw new SQLFeatureNotSupportedException("A type map is not supported for a ROW's attributes");
            }
            return getAttributes();
        }

        @Override
        public boolean equals(@Nullable Object other) {
            return other instanceof RowValue struct
                    && typeName.equals(struct.typeName)
                    && Arrays.deepEquals(attributes, struct.attributes);
        }

        @Override
        public int hashCode() {
            return 31 * typeName.hashCode() + Arrays.deepHashCode(attributes);
        }

        /** Flink's text of the row: {@code (1, x)}. */
        @Override
        public String toString() {
            try {
                return StructuredValues.text(this);
            } catch (SQLException e) {
                throw new IllegalStateException(e); // never: the values inside are this driver's own
            }
        }
    }
}
