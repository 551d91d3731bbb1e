package dev.sluice.retry;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class CollectStrategyTypeTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "fixed-delay|FIXED_DELAY",
                "Fixed-Delay|FIXED_DELAY",
                "'  fixed-delay '|FIXED_DELAY",
                "exponential-delay|EXPONENTIAL_DELAY",
                "EXPONENTIAL-DELAY|EXPONENTIAL_DELAY"
            })
    void parsesConfigValuesIgnoringCaseAndBlanks(String value, CollectStrategyType expected) {
        assertThat(CollectStrategyType.parse(value)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "fixed", "FIXED_DELAY", "incremental-delay", "exponential delay"})
    void rejectsOtherValuesListingTheAllowedOnes(String value) {
        assertThatThrownBy(() -> CollectStrategyType.parse(value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.type must be one of fixed-delay, exponential-delay, was " + value);
    }

    @ParameterizedTest
    @CsvSource({"FIXED_DELAY,fixed-delay", "EXPONENTIAL_DELAY,exponential-delay"})
    void writesTheValueUsersConfigure(CollectStrategyType type, String configValue) {
        assertThat(type.configValue()).isEqualTo(configValue);
        assertThat(CollectStrategyType.parse(type.configValue())).isEqualTo(type);
    }
}
