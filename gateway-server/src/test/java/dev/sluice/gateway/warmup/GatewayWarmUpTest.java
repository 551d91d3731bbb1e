package dev.sluice.gateway.warmup;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class GatewayWarmUpTest {
    @Test
    void looksUpTheFirstRowsFirstValueAsATypedLiteral() {
        assertThat(GatewayWarmUp.lookupLiteral(List.of(Row.of(7, "x")))).hasValue("CAST(7 AS INTEGER)");
        assertThat(GatewayWarmUp.lookupLiteral(List.of(Row.of("o'brien")))).hasValue("'o''brien'");
        assertThat(GatewayWarmUp.lookupLiteral(List.of(Row.of(LocalDate.of(2024, 1, 2)))))
                .hasValue("DATE '2024-01-02'");
    }

    @Test
    void hasNoLookupWithoutARowOrAValueOrALiteralForIt() {
        assertThat(GatewayWarmUp.lookupLiteral(List.of())).isEmpty();
        assertThat(GatewayWarmUp.lookupLiteral(List.of(Row.of((Object) null)))).isEmpty();
        assertThat(GatewayWarmUp.lookupLiteral(List.of(Row.of(new Object())))).isEmpty();
    }
}
