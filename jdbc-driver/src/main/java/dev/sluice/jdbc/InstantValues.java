package dev.sluice.jdbc;

import org.apache.calcite.avatica.ColumnMetaData;
import org.jspecify.annotations.Nullable;

import java.sql.SQLDataException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;

/**
 * Values of {@code TIMESTAMP_WITH_TIMEZONE} columns (Flink's {@code TIMESTAMP_LTZ}), which the gateway sends as text:
 * the wall-clock time in the session's time zone as Flink shows it, then that zone's offset at the instant
 * ({@code 2024-01-02 13:34:56.789+01:00}). The offset makes the instant exact whatever the client's time zone; JDBC's
 * {@code getString} gives the text without it, as Flink's SQL client shows the value.
 */
final class InstantValues {
    private static final DateTimeFormatter WIRE = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral(' ')
            .appendPattern("HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .appendOffset("+HH:MM:ss", "+00:00")
            .toFormatter(Locale.ROOT);

    private InstantValues() {}

    /** The name the gateway gives a {@code TIMESTAMP_LTZ} column, which it types {@code VARCHAR} (see below). */
    static final String TYPE_NAME = "TIMESTAMP_LTZ";

    /**
     * Whether the gateway sent {@code column} as an instant in text: typed {@code VARCHAR}, which every Avatica
     * client reads (Avatica's own cannot {@code getObject} a {@code TIMESTAMP_WITH_TIMEZONE} column), named
     * {@value #TYPE_NAME}.
     */
    static boolean isSentAsText(ColumnMetaData column) {
        return column.type.id == java.sql.Types.VARCHAR && TYPE_NAME.equals(column.type.name);
    }

    /** Whether a column of JDBC type {@code jdbcType} holds values this class reads. */
    static boolean holds(int jdbcType) {
        return jdbcType == java.sql.Types.TIMESTAMP_WITH_TIMEZONE;
    }

    /** The value sent as {@code text}, with the offset of the session's time zone at that instant. */
    static @Nullable OffsetDateTime offsetDateTime(@Nullable String text) throws SQLDataException {
        if (text == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text, WIRE);
        } catch (DateTimeParseException e) {
            throw new SQLDataException("Not a timestamp with an offset: '" + text + "'", "22007", e);
        }
    }

    /** The instant, as a {@link Timestamp} (which is one: the client shows it in its own time zone). */
    static @Nullable Timestamp timestamp(@Nullable String text) throws SQLDataException {
        OffsetDateTime value = offsetDateTime(text);
        return value == null ? null : Timestamp.from(value.toInstant());
    }

    /** The wall-clock time in the session's time zone, as Flink shows it: the text without its offset. */
    static @Nullable String wallClockText(@Nullable String text) {
        if (text == null) {
            return null;
        }
        // the offset's sign is the last one: the date's dashes come before it, and the time of day has none
        int offset = Math.max(text.lastIndexOf('+'), text.lastIndexOf('-'));
        return offset > "yyyy-MM-dd".length() ? text.substring(0, offset) : text;
    }

    /** The value as {@code type}: {@link OffsetDateTime}, {@link Instant}, {@link Timestamp}, {@link LocalDateTime}. */
    static boolean reads(@Nullable Class<?> type) {
        return type == OffsetDateTime.class
                || type == Instant.class
                || type == Timestamp.class
                || type == LocalDateTime.class
                || type == String.class;
    }

    /**
     * The value sent as {@code text} as {@code type}, one {@link #reads} accepts; a {@code LocalDateTime} is the
     * wall-clock time in the session's zone (what {@code getString} shows).
     */
    static <T> @Nullable T read(@Nullable String text, Class<T> type) throws SQLDataException {
        OffsetDateTime value = offsetDateTime(text);
        if (value == null) {
            return null;
        }
        Object read;
        if (type == OffsetDateTime.class) {
            read = value;
        } else if (type == Instant.class) {
            read = value.toInstant();
        } else if (type == Timestamp.class) {
            read = Timestamp.from(value.toInstant());
        } else if (type == LocalDateTime.class) {
            read = value.toLocalDateTime();
        } else {
            read = wallClockText(text);
        }
        return type.cast(read);
    }
}
