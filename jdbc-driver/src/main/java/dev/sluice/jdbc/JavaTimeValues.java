package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The {@code java.time} types JDBC 4.2 maps to SQL's zone-less date-time types, which Avatica's client does not know:
 * {@code LocalDate} is DATE, {@code LocalTime} TIME, {@code LocalDateTime} TIMESTAMP. A bound value is bound as the
 * {@code java.sql} type, through its typed setter; a value read as one of them is read through the {@code java.sql}
 * getter. Both
 * are wall-clock values on both ends, so no time zone takes part.
 *
 * <p>An instant ({@code OffsetDateTime}, JDBC 4.2's type for {@code TIMESTAMP_WITH_TIMEZONE}, and {@code Instant} and
 * {@code ZonedDateTime}) is bound as its ISO-8601 text with its offset ({@code 2024-01-02T13:34:56.789+01:00}), which
 * the gateway turns into that exact instant for a {@code TIMESTAMP_LTZ} or {@code TIMESTAMP} parameter: a
 * {@code java.sql.Timestamp} would be a wall-clock time in the client's zone instead.
 */
final class JavaTimeValues {
    private JavaTimeValues() {}

    /** {@code value} as the {@code java.sql} type Avatica binds, if it is a zone-less {@code java.time} value. */
    static @Nullable Object bindable(@Nullable Object value) {
        if (value instanceof LocalDate date) {
            return Date.valueOf(date);
        }
        if (value instanceof LocalDateTime dateTime) {
            return Timestamp.valueOf(dateTime);
        }
        if (value instanceof LocalTime time) {
            return Time.valueOf(time);
        }
        return value;
    }

    /**
     * Binds {@code value} to parameter {@code index} with the typed setter if it is a date-time value, {@code java.time}
     * or {@code java.sql}; returns whether it did.
     */
    static boolean bindsTyped(java.sql.PreparedStatement statement, int index, @Nullable Object value)
            throws java.sql.SQLException {
        @Nullable String instant = instantText(value);
        if (instant != null) {
            statement.setString(index, instant);
            return true;
        }
        Object bindable = bindable(value);
        if (bindable instanceof Timestamp timestamp) {
            statement.setTimestamp(index, timestamp);
        } else if (bindable instanceof Date date) {
            statement.setDate(index, date);
        } else if (bindable instanceof Time time) {
            statement.setTime(index, time);
        } else {
            return false;
        }
        return true;
    }

    /** The ISO-8601 text, with its offset, of {@code value} if it is an instant; else null. */
    static @Nullable String instantText(@Nullable Object value) {
        if (value instanceof OffsetDateTime offsetDateTime) {
            return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(offsetDateTime);
        }
        if (value instanceof ZonedDateTime zonedDateTime) {
            return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(zonedDateTime.toOffsetDateTime());
        }
        if (value instanceof java.time.Instant instant) {
            return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(instant.atOffset(ZoneOffset.UTC));
        }
        return null;
    }

    /** Whether {@code type} is one this class reads. */
    static boolean reads(@Nullable Class<?> type) {
        return type == LocalDate.class || type == LocalDateTime.class || type == LocalTime.class;
    }

    /** The column's value as {@code type}, one of those {@link #reads} accepts, from the {@code java.sql} getter. */
    @SuppressWarnings("unchecked")
    static <T> @Nullable T read(Getter getter, Class<T> type) throws java.sql.SQLException {
        if (type == LocalDate.class) {
            Date date = getter.date();
            return date == null ? null : (T) date.toLocalDate();
        }
        if (type == LocalDateTime.class) {
            Timestamp timestamp = getter.timestamp();
            return timestamp == null ? null : (T) timestamp.toLocalDateTime();
        }
        Time time = getter.time();
        return time == null ? null : (T) time.toLocalTime();
    }

    /** The {@code java.sql} getters of one column. */
    interface Getter {
        @Nullable
        Date date() throws java.sql.SQLException;

        @Nullable
        Timestamp timestamp() throws java.sql.SQLException;

        @Nullable
        Time time() throws java.sql.SQLException;
    }
}
