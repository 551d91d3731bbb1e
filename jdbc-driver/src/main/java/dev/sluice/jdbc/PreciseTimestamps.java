package dev.sluice.jdbc;

import org.apache.calcite.avatica.ColumnMetaData;
import org.jspecify.annotations.Nullable;

import java.sql.SQLDataException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Calendar;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Values of {@code TIMESTAMP} columns of more than millisecond precision ({@code TIMESTAMP(6)}, {@code TIMESTAMP(9)}),
 * which the gateway sends this driver as text, since Avatica's wire carries milliseconds only: a {@code VARCHAR} column
 * named {@code TIMESTAMP(p)} whose values are {@code 2024-01-02 03:04:56.123456}. The driver was asked for them at
 * connect ({@value #DRIVER_PROPERTY}); it reports the column as {@code TIMESTAMP} and reads every digit back.
 */
final class PreciseTimestamps {
    /** The connection property by which the driver tells the gateway it reads such columns; its version the value. */
    static final String DRIVER_PROPERTY = "sluice_driver";

    private static final Pattern TYPE_NAME = Pattern.compile("TIMESTAMP\\(\\d\\)");
    private static final DateTimeFormatter WIRE = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral(' ')
            .appendPattern("HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter(Locale.ROOT);

    private PreciseTimestamps() {}

    /** Whether the gateway sent {@code column} as such text: typed {@code VARCHAR}, named {@code TIMESTAMP(p)}. */
    static boolean isSentAsText(ColumnMetaData column) {
        return column.type.id == java.sql.Types.VARCHAR && isTypeName(column.type.name);
    }

    /** Whether {@code typeName} is the name of such a column, as its metadata reports it. */
    static boolean isTypeName(@Nullable String typeName) {
        return typeName != null && TYPE_NAME.matcher(typeName).matches();
    }

    /** The wall-clock date and time. */
    static @Nullable LocalDateTime localDateTime(@Nullable String text) throws SQLDataException {
        if (text == null) {
            return null;
        }
        try {
            return LocalDateTime.parse(text, WIRE);
        } catch (DateTimeParseException e) {
            throw new SQLDataException("Not a timestamp: '" + text + "'", "22007", e);
        }
    }

    /**
     * The timestamp with all its digits, the wall-clock time read in {@code calendar}'s time zone, or the JVM's
     * without one, as {@code getTimestamp} reads a {@code TIMESTAMP}.
     */
    static @Nullable Timestamp timestamp(@Nullable String text, @Nullable Calendar calendar) throws SQLDataException {
        LocalDateTime value = localDateTime(text);
        if (value == null) {
            return null;
        }
        if (calendar == null) {
            return Timestamp.valueOf(value);
        }
        Timestamp timestamp =
                Timestamp.from(value.atZone(calendar.getTimeZone().toZoneId()).toInstant());
        timestamp.setNanos(value.getNano());
        return timestamp;
    }

    /** Whether {@link #read} gives values of {@code type}. */
    static boolean reads(Class<?> type) {
        return type == LocalDateTime.class
                || type == Timestamp.class
                || type == LocalDate.class
                || type == java.util.Date.class
                || type == String.class;
    }

    /** The value as {@code type}, one that {@link #reads}. */
    static <T> @Nullable T read(@Nullable String text, Class<T> type) throws SQLDataException {
        if (type == String.class) {
            return type.cast(text);
        }
        LocalDateTime value = localDateTime(text);
        if (value == null) {
            return null;
        }
        if (type == LocalDateTime.class) {
            return type.cast(value);
        }
        if (type == LocalDate.class) {
            return type.cast(value.toLocalDate());
        }
        Timestamp timestamp = Timestamp.valueOf(value);
        return type.cast(type == java.util.Date.class ? new java.util.Date(timestamp.getTime()) : timestamp);
    }
}
