package dev.sluice.retry;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class FixedDelayConfigTest {
    @Test
    void usesDocumentedDefaults() {
        assertThat(FixedDelayConfig.from(new Configuration()))
                .isEqualTo(new FixedDelayConfig(Duration.ofMillis(100), Integer.MAX_VALUE));
    }

    @Test
    void mapsEveryKey() {
        Configuration config = Configuration.fromMap(Map.of(
                "collect-strategy.fixed-delay.delay", "250 ms",
                "collect-strategy.fixed-delay.attempts", "7"));

        assertThat(FixedDelayConfig.from(config)).isEqualTo(new FixedDelayConfig(Duration.ofMillis(250), 7));
    }

    @ParameterizedTest
    @CsvSource({"0,0 ms", "500000,500 µs", "-5000000,-5 ms"})
    void rejectsDelayBelowOneMillisecond(long nanos, String written) {
        assertThatThrownBy(() -> new FixedDelayConfig(Duration.ofNanos(nanos), 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.fixed-delay.delay must be at least 1 ms, was " + written);
    }

    @Test
    void rejectsZeroAttempts() {
        assertThatThrownBy(() -> new FixedDelayConfig(Duration.ofMillis(100), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.fixed-delay.attempts must be at least 1, was 0");
    }

    @Test
    void reportsEveryProblemAtOnce() {
        assertThatThrownBy(() -> new FixedDelayConfig(Duration.ZERO, -1))
                .isInstanceOfSatisfying(
                        InvalidCollectStrategyException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "collect-strategy.fixed-delay.delay must be at least 1 ms, was 0 ms",
                                        "collect-strategy.fixed-delay.attempts must be at least 1, was -1"))
                .hasMessage("collect-strategy.fixed-delay.delay must be at least 1 ms, was 0 ms; "
                        + "collect-strategy.fixed-delay.attempts must be at least 1, was -1");
    }

    @Test
    void reportsUnparseableValuesWithTheOtherProblems() {
        Configuration config = Configuration.fromMap(Map.of(
                "collect-strategy.fixed-delay.delay", "soon",
                "collect-strategy.fixed-delay.attempts", "0"));

        assertThatThrownBy(() -> FixedDelayConfig.from(config))
                .isInstanceOfSatisfying(
                        InvalidCollectStrategyException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "collect-strategy.fixed-delay.delay must be a duration such as 100 ms, was soon",
                                        "collect-strategy.fixed-delay.attempts must be at least 1, was 0"));
    }

    @Test
    void rejectsAttemptsThatAreNotAnInteger() {
        Configuration config = Configuration.fromMap(Map.of("collect-strategy.fixed-delay.attempts", "many"));

        assertThatThrownBy(() -> FixedDelayConfig.from(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.fixed-delay.attempts must be an integer, was many");
    }
}
