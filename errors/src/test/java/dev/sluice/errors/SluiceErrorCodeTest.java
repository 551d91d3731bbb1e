package dev.sluice.errors;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

final class SluiceErrorCodeTest {
    @Test
    void codesAreUnique() {
        assertThat(Arrays.stream(SluiceErrorCode.values()).map(SluiceErrorCode::code))
                .doesNotHaveDuplicates();
    }

    @Test
    void noSqlStateIsSuccess() {
        assertThat(Arrays.stream(SluiceErrorCode.values()).map(SluiceErrorCode::sqlState))
                .doesNotContain("00000");
    }

    @Test
    void everySqlStateHasFiveUpperCaseCharacters() {
        assertThat(SluiceErrorCode.values())
                .allSatisfy(code -> assertThat(code.sqlState()).as(code.name()).matches("[0-9A-Z]{5}"));
    }

    @Test
    void codesLieInTheRangeOfTheirKind() {
        assertThat(SluiceErrorCode.SYNTAX_ERROR.code()).isBetween(0, 0xFFFF);
        assertThat(SluiceErrorCode.GENERIC_INTERNAL_ERROR.code()).isBetween(0x1_0000, 0x1_FFFF);
        assertThat(SluiceErrorCode.CLUSTER_UNAVAILABLE.code()).isBetween(0x2_0000, 0x2_FFFF);
        assertThat(SluiceErrorCode.QUERY_FAILED.code()).isBetween(0x2_0000, 0x2_FFFF);
        assertThat(SluiceErrorCode.TOO_MANY_CONNECTIONS.code()).isBetween(0x3_0000, 0x3_FFFF);
        assertThat(SluiceErrorCode.RESULT_TOO_LARGE.code()).isBetween(0x3_0000, 0x3_FFFF);
    }
}
