package dev.sluice.gateway.result;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The estimate of a row's size grows with what it holds, nested values included. */
final class RowSizesTest {
    @Test
    void aWideStringCountsTwoBytesACharacter() {
        long narrow = RowSizes.estimate(Row.of(1L, "x"));
        long wide = RowSizes.estimate(Row.of(1L, "x".repeat(4001)));

        assertThat(wide - narrow).isEqualTo(8000);
    }

    @Test
    void nestedValuesCount() {
        long empty = RowSizes.estimate(Row.of((Object) null));

        assertThat(RowSizes.estimate(Row.of((Object) new byte[1000]))).isGreaterThan(empty + 1000);
        assertThat(RowSizes.estimate(Row.of(Row.of("y".repeat(500))))).isGreaterThan(empty + 1000);
        assertThat(RowSizes.estimate(Row.of(Map.of("k", "v".repeat(500))))).isGreaterThan(empty + 1000);
        assertThat(RowSizes.estimate(Row.of(List.of("z".repeat(500))))).isGreaterThan(empty + 1000);
        assertThat(RowSizes.estimate(Row.of((Object) new String[] {"w".repeat(500)})))
                .isGreaterThan(empty + 1000);
    }
}
