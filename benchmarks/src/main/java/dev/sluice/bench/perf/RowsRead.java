package dev.sluice.bench.perf;

import org.jspecify.annotations.Nullable;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The rows one execution read, and the bytes of their values as the application holds them ({@link PerfReport}).
 */
public record RowsRead(long rows, long bytes) {
    /** What a statement without rows (an INSERT) read. */
    public static final RowsRead NONE = new RowsRead(0, 0);

    /** Reads every row of {@code result}. */
    public static RowsRead readAll(ResultSet result) throws SQLException {
        long count = 0;
        long bytes = 0;
        int columns = result.getMetaData().getColumnCount();
        while (result.next()) {
            for (int i = 1; i <= columns; i++) {
                bytes += valueBytes(result.getObject(i));
            }
            count++;
        }
        return new RowsRead(count, bytes);
    }

    /** The size of a value as the application holds it, without the JVM's object headers. */
    static long valueBytes(@Nullable Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof Long || value instanceof Double || value instanceof java.util.Date) {
            return 8;
        }
        if (value instanceof Integer || value instanceof Float) {
            return 4;
        }
        if (value instanceof Short) {
            return 2;
        }
        if (value instanceof Byte || value instanceof Boolean) {
            return 1;
        }
        if (value instanceof String text) {
            return text.length();
        }
        if (value instanceof java.math.BigDecimal decimal) {
            return decimal.precision();
        }
        if (value instanceof byte[] array) {
            return array.length;
        }
        return value.toString().length();
    }
}
