package dev.sluice.gateway.result;

import org.apache.flink.types.Row;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;

/**
 * What a row of a result takes on the gateway's heap, estimated from its values: enough to bound a folded changelog
 * in bytes, where a bound in rows alone let one wide column (4,000 characters a row) fill the heap. An estimate errs
 * high rather than low; it never reads more than the row holds.
 */
public final class RowSizes {
    // a Row: its object, its kind, its field array and the array's header
    private static final long ROW_OVERHEAD = 64;
    private static final long REFERENCE = 8;
    private static final long BOXED = 24;
    private static final long OTHER = 48;

    private RowSizes() {}

    public static long estimate(Row row) {
        long size = ROW_OVERHEAD;
        for (int i = 0; i < row.getArity(); i++) {
            size += REFERENCE + valueSize(row.getField(i));
        }
        return size;
    }

    private static long valueSize(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof String text) {
            return 40 + 2L * text.length();
        }
        if (value instanceof byte[] bytes) {
            return 16 + bytes.length;
        }
        if (value instanceof Number || value instanceof Boolean || value instanceof Character) {
            return value instanceof BigDecimal decimal
                    ? 40 + decimal.unscaledValue().bitLength() / 8
                    : BOXED;
        }
        if (value instanceof Row nested) {
            return estimate(nested);
        }
        if (value instanceof Object[] array) {
            long size = 16;
            for (Object element : array) {
                size += REFERENCE + valueSize(element);
            }
            return size;
        }
        if (value instanceof Map<?, ?> map) {
            long size = 48;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                size += 32 + valueSize(entry.getKey()) + valueSize(entry.getValue());
            }
            return size;
        }
        if (value instanceof Collection<?> collection) {
            long size = 32;
            for (Object element : collection) {
                size += REFERENCE + valueSize(element);
            }
            return size;
        }
        return OTHER; // dates, times, instants and the like: small objects of fixed size
    }
}
