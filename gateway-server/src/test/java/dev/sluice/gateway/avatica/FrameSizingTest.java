package dev.sluice.gateway.avatica;

import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class FrameSizingTest {
    // the large result: BIGINT, STRING, DOUBLE, DECIMAL(12,2), TIMESTAMP(3)
    private static final List<LogicalType> BULK = List.of(
            new BigIntType(), VarCharType.STRING_TYPE, new DoubleType(), new DecimalType(12, 2), new TimestampType(3));

    @Test
    void fillsTheTargetBytesAtTheWidthOfTheColumnTypes() {
        // 4 per row, and per value 4 beyond 8 + 32 + 8 + 14 + 8 bytes
        assertThat(FrameSizing.estimatedRowBytes(BULK)).isEqualTo(94);
        assertThat(sizing(94 * 1000, 50_000).rows(0, BULK, 0)).isEqualTo(1000);
    }

    @Test
    void rowsWiderThanTheTypesSuggestMakeSmallerFrames() {
        List<Object> wideRow = List.of(1L, "x".repeat(906), 2.0, new java.math.BigDecimal("1.25"), 3L);
        // 4 per row, and per value 4 beyond 8 + 906 + 8 + (3 + 2) + 8 bytes
        assertThat(FrameSizing.rowBytes(wideRow)).isEqualTo(959);
        assertThat(sizing(959 * 100, 50_000).rows(0, BULK, FrameSizing.rowBytes(wideRow)))
                .isEqualTo(100);
        // narrower rows than the types suggest do not make frames larger than the estimate allows
        assertThat(sizing(94 * 1000, 50_000).rows(0, BULK, 10)).isEqualTo(1000);
    }

    @Test
    void honoursTheClientsFetchSizeUpToTheMostRows() {
        assertThat(sizing(1024 * 1024, 50_000).rows(7, BULK, 0)).isEqualTo(7);
        assertThat(sizing(1024 * 1024, 500).rows(10_000, BULK, 0)).isEqualTo(500);
    }

    @Test
    void neverAsksForMoreThanTheMostRowsOrFewerThanOne() {
        List<LogicalType> oneBigint = List.of(new BigIntType());
        assertThat(sizing(64L * 1024 * 1024, 50_000).rows(0, oneBigint, 0)).isEqualTo(50_000);
        List<LogicalType> wide = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            wide.add(VarCharType.STRING_TYPE);
        }
        assertThat(sizing(1024, 50_000).rows(-1, wide, 0)).isEqualTo(1);
    }

    @Test
    void countsTheRowsOfEveryFrameSent() {
        List<Integer> frames = new ArrayList<>();
        FrameSizing sizing = new FrameSizing(new FrameConfig(1024, 10), frames::add);
        sizing.sent(3);
        sizing.sent(0);
        assertThat(frames).containsExactly(3, 0);
    }

    private static FrameSizing sizing(long targetBytes, int maxRows) {
        return new FrameSizing(new FrameConfig(targetBytes, maxRows), rows -> {});
    }
}
