package dev.sluice.retry;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ExponentialDelayConfigTest {
    private static final Duration INITIAL = Duration.ofMillis(100);
    private static final Duration MAX = Duration.ofSeconds(1);

    @Test
    void usesDocumentedDefaults() {
        assertThat(ExponentialDelayConfig.from(new Configuration()))
                .isEqualTo(new ExponentialDelayConfig(
                        Duration.ofMillis(1), Duration.ofMillis(50), 2.0, Integer.MAX_VALUE));
    }

    @Test
    void mapsEveryKey() {
        Configuration config = Configuration.fromMap(Map.of(
                "collect-strategy.exponential-delay.initial-backoff", "1 ms",
                "collect-strategy.exponential-delay.max-backoff", "50 ms",
                "collect-strategy.exponential-delay.backoff-multiplier", "2.0",
                "collect-strategy.exponential-delay.attempts", "12"));

        assertThat(ExponentialDelayConfig.from(config))
                .isEqualTo(new ExponentialDelayConfig(Duration.ofMillis(1), Duration.ofMillis(50), 2.0, 12));
    }

    @Test
    void rejectsMultiplierBelowOne() {
        assertThatThrownBy(() -> new ExponentialDelayConfig(INITIAL, MAX, 0.5, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.exponential-delay.backoff-multiplier must be at least 1.0, was 0.5");
    }

    @ParameterizedTest
    @CsvSource({"NaN,at least 1.0", "-Infinity,at least 1.0", "Infinity,finite"})
    void rejectsMultiplierThatIsNotAFiniteNumber(double multiplier, String allowed) {
        assertThatThrownBy(() -> new ExponentialDelayConfig(INITIAL, MAX, multiplier, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.exponential-delay.backoff-multiplier must be " + allowed + ", was "
                        + multiplier);
    }

    @Test
    void acceptsMultiplierOfOne() {
        assertThat(new ExponentialDelayConfig(INITIAL, INITIAL, 1.0, 1).backoffMultiplier())
                .isEqualTo(1.0);
    }

    @ParameterizedTest
    @CsvSource({"0,0 ms", "999999,999999 ns", "-1000000,-1 ms"})
    void rejectsInitialBackoffBelowOneMillisecond(long nanos, String written) {
        assertThatThrownBy(() -> new ExponentialDelayConfig(Duration.ofNanos(nanos), MAX, 2.0, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.exponential-delay.initial-backoff must be at least 1 ms, was " + written);
    }

    @Test
    void rejectsMaxBackoffBelowOneMillisecond() {
        assertThatThrownBy(() -> new ExponentialDelayConfig(INITIAL, Duration.ZERO, 2.0, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.exponential-delay.max-backoff must be at least 1 ms, was 0 ms");
    }

    @Test
    void rejectsMaxBackoffBelowInitialBackoff() {
        assertThatThrownBy(() -> new ExponentialDelayConfig(INITIAL, Duration.ofMillis(50), 2.0, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.exponential-delay.max-backoff must be at least"
                        + " collect-strategy.exponential-delay.initial-backoff (100 ms), was 50 ms");
    }

    @Test
    void rejectsZeroAttempts() {
        assertThatThrownBy(() -> new ExponentialDelayConfig(INITIAL, MAX, 2.0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.exponential-delay.attempts must be at least 1, was 0");
    }

    @Test
    void reportsEveryProblemAtOnce() {
        assertThatThrownBy(() -> new ExponentialDelayConfig(Duration.ZERO, Duration.ZERO, 0.5, 0))
                .isInstanceOfSatisfying(
                        InvalidCollectStrategyException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "collect-strategy.exponential-delay.initial-backoff must be at least 1 ms, was 0 ms",
                                        "collect-strategy.exponential-delay.max-backoff must be at least 1 ms, was 0 ms",
                                        "collect-strategy.exponential-delay.backoff-multiplier must be at least 1.0, was 0.5",
                                        "collect-strategy.exponential-delay.attempts must be at least 1, was 0"));
    }

    @Test
    void reportsUnparseableValuesWithTheOtherProblems() {
        Configuration config = Configuration.fromMap(Map.of(
                "collect-strategy.exponential-delay.initial-backoff", "200 ms",
                "collect-strategy.exponential-delay.max-backoff", "a while",
                "collect-strategy.exponential-delay.backoff-multiplier", "double",
                "collect-strategy.exponential-delay.attempts", "-3"));

        assertThatThrownBy(() -> ExponentialDelayConfig.from(config))
                .isInstanceOfSatisfying(
                        InvalidCollectStrategyException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "collect-strategy.exponential-delay.max-backoff must be a duration such as 1 s,"
                                                + " was a while",
                                        "collect-strategy.exponential-delay.backoff-multiplier must be a number, was double",
                                        "collect-strategy.exponential-delay.attempts must be at least 1, was -3"));
    }
}
