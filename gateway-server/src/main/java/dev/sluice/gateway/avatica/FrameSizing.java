package dev.sluice.gateway.avatica;

import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;

import java.util.List;
import java.util.function.IntConsumer;

import static java.util.Objects.requireNonNull;

/**
 * How many rows the frame of an execute or fetch asks the result for: the client's fetch size when it gives one (a
 * hint, honoured up to {@link FrameConfig#maxRows()}), else as many rows as fit {@link FrameConfig#targetBytes()} at
 * the width the result's column types suggest. The rows a frame gets are counted to {@code frameRows} for /metrics.
 *
 * <p>The width is estimated from the types alone, before any row is read: a fetch takes its rows from the job at once,
 * so a row cannot be put back once the frame turns out fuller than planned. Variable-width strings of unbounded
 * length count as {@value #UNBOUNDED_TEXT_BYTES} bytes.
 */
final class FrameSizing {
    /** Bytes counted for a string or byte string whose type gives no useful length. */
    static final int UNBOUNDED_TEXT_BYTES = 32;

    // what a value costs on the wire beyond its content: the typed value's tag, type and length
    private static final int VALUE_OVERHEAD_BYTES = 4;
    private static final int ROW_OVERHEAD_BYTES = 4;
    private static final int LONGEST_COUNTED_TEXT = 1024;

    private final FrameConfig config;
    private final IntConsumer frameRows;

    FrameSizing(FrameConfig config, IntConsumer frameRows) {
        this.config = requireNonNull(config, "config is null");
        this.frameRows = requireNonNull(frameRows, "frameRows is null");
    }

    /**
     * @param requested the client's fetch size, or the rows it wants in the first frame; 0 or less when it gives none
     * @param types the result's column types
     * @param observedRowBytes the width of the rows of the result's earlier frames ({@link #rowBytes}), 0 before the
     *     first: wider rows than the types suggest (long strings) make smaller frames
     */
    int rows(int requested, List<LogicalType> types, long observedRowBytes) {
        if (requested > 0) {
            return Math.min(requested, config.maxRows());
        }
        long rows = config.targetBytes() / Math.max(estimatedRowBytes(types), observedRowBytes);
        return (int) Math.max(1, Math.min(rows, config.maxRows()));
    }

    /** Records the rows a frame carried. */
    void sent(int rows) {
        frameRows.accept(rows);
    }

    /** The width of rows as they go on the wire ({@link WireValues#row}), by the same measure as the estimate. */
    static long rowBytes(List<Object> wireRow) {
        long bytes = ROW_OVERHEAD_BYTES;
        for (Object value : wireRow) {
            bytes += VALUE_OVERHEAD_BYTES;
            if (value instanceof String text) {
                bytes += text.length();
            } else if (value instanceof byte[] array) {
                bytes += array.length;
            } else if (value instanceof java.math.BigDecimal decimal) {
                bytes += decimal.precision() + 2;
            } else if (value instanceof List<?> list) {
                bytes += 4 * UNBOUNDED_TEXT_BYTES + list.size() * 8L;
            } else if (value != null) {
                bytes += 8;
            }
        }
        return bytes;
    }

    static int estimatedRowBytes(List<LogicalType> types) {
        int bytes = ROW_OVERHEAD_BYTES;
        for (LogicalType type : types) {
            bytes += VALUE_OVERHEAD_BYTES + valueBytes(type);
        }
        return bytes;
    }

    private static int valueBytes(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case BOOLEAN, TINYINT -> 1;
            case SMALLINT, INTEGER, DATE, TIME_WITHOUT_TIME_ZONE, FLOAT -> 4;
            case BIGINT, DOUBLE, TIMESTAMP_WITHOUT_TIME_ZONE, INTERVAL_DAY_TIME -> 8;
            // text with the offset: 2024-01-02 12:34:56.123+01:00
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIMESTAMP_WITH_TIME_ZONE -> 29;
            // a decimal travels as its digits in text
            case DECIMAL -> ((DecimalType) type).getPrecision() + 2;
            case CHAR -> text(((CharType) type).getLength());
            case VARCHAR -> text(((VarCharType) type).getLength());
            case BINARY -> text(((BinaryType) type).getLength());
            case VARBINARY -> text(((VarBinaryType) type).getLength());
            case NULL -> 0;
            // arrays, maps, rows and the rest travel as text
            default -> 4 * UNBOUNDED_TEXT_BYTES;
        };
    }

    private static int text(int length) {
        return length > LONGEST_COUNTED_TEXT ? UNBOUNDED_TEXT_BYTES : length;
    }
}
