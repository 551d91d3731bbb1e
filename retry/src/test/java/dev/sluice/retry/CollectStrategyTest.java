package dev.sluice.retry;

import io.github.resilience4j.core.IntervalFunction;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class CollectStrategyTest {
    private static final CollectStrategy FIXED =
            CollectStrategy.fixedDelay(new FixedDelayConfig(Duration.ofMillis(100), 5));
    private static final CollectStrategy DOUBLING = CollectStrategy.exponentialDelay(
            new ExponentialDelayConfig(Duration.ofMillis(1), Duration.ofMillis(50), 2.0, Integer.MAX_VALUE));

    @Test
    void defaultsToSluicesMeasuredExponentialDelay() {
        CollectStrategy strategy = CollectStrategy.from(new Configuration());

        assertThat(strategy).isEqualTo(DOUBLING);
        assertThat(strategy.type()).isEqualTo(CollectStrategyType.EXPONENTIAL_DELAY);
        assertThat(strategy.maxAttempts()).isEqualTo(CollectStrategy.UNBOUNDED_ATTEMPTS);
    }

    @Test
    void fixedDelayDefaultsToTheProposalsHundredMilliseconds() {
        CollectStrategy strategy =
                CollectStrategy.from(Configuration.fromMap(Map.of("collect-strategy.type", "fixed-delay")));

        assertThat(strategy)
                .isEqualTo(CollectStrategy.fixedDelay(new FixedDelayConfig(Duration.ofMillis(100), Integer.MAX_VALUE)));
    }

    @Test
    void readsTheNamespaceOfTheChosenType() {
        Configuration config = Configuration.fromMap(Map.of(
                "collect-strategy.type", "exponential-delay",
                "collect-strategy.exponential-delay.initial-backoff", "1 ms",
                "collect-strategy.exponential-delay.max-backoff", "50 ms",
                "collect-strategy.exponential-delay.backoff-multiplier", "2",
                "collect-strategy.exponential-delay.attempts", "10"));

        CollectStrategy strategy = CollectStrategy.from(config);

        assertThat(strategy)
                .isEqualTo(CollectStrategy.exponentialDelay(
                        new ExponentialDelayConfig(Duration.ofMillis(1), Duration.ofMillis(50), 2.0, 10)));
        assertThat(strategy.type()).isEqualTo(CollectStrategyType.EXPONENTIAL_DELAY);
        assertThat(strategy.maxAttempts()).isEqualTo(10);
    }

    @Test
    void ignoresTheNamespaceOfTheOtherType() {
        Configuration config = Configuration.fromMap(Map.of(
                "collect-strategy.type", "fixed-delay",
                "collect-strategy.fixed-delay.delay", "20 ms",
                "collect-strategy.exponential-delay.backoff-multiplier", "0.5"));

        assertThat(CollectStrategy.from(config))
                .isEqualTo(CollectStrategy.fixedDelay(new FixedDelayConfig(Duration.ofMillis(20), Integer.MAX_VALUE)));
    }

    @Test
    void reportsEveryProblemOfTheChosenTypeInOneException() {
        Configuration config = Configuration.fromMap(Map.of(
                "collect-strategy.type", "Exponential-Delay",
                "collect-strategy.exponential-delay.initial-backoff", "0 ms",
                "collect-strategy.exponential-delay.backoff-multiplier", "0.5",
                "collect-strategy.exponential-delay.attempts", "0",
                "collect-strategy.fixed-delay.attempts", "0"));

        assertThatThrownBy(() -> CollectStrategy.from(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collect-strategy.exponential-delay.initial-backoff must be at least 1 ms, was 0 ms; "
                        + "collect-strategy.exponential-delay.backoff-multiplier must be at least 1.0, was 0.5; "
                        + "collect-strategy.exponential-delay.attempts must be at least 1, was 0");
    }

    @Test
    void rejectsAnUnknownType() {
        Configuration config = Configuration.fromMap(Map.of("collect-strategy.type", "incremental-delay"));

        assertThatThrownBy(() -> CollectStrategy.from(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "collect-strategy.type must be one of fixed-delay, exponential-delay, was incremental-delay");
    }

    @Test
    void fixedDelayWaitsTheSameBeforeEveryRetry() {
        assertThat(delaysInMillis(FIXED, 5)).containsExactly(100L, 100L, 100L, 100L, 100L);
    }

    @Test
    void exponentialDelayGrowsByTheMultiplierUpToMaxBackoff() {
        assertThat(delaysInMillis(DOUBLING, 9)).containsExactly(1L, 2L, 4L, 8L, 16L, 32L, 50L, 50L, 50L);
    }

    @Test
    void exponentialDelayWithMultiplierOneKeepsTheWaitConstant() {
        CollectStrategy proposalDefaults = CollectStrategy.exponentialDelay(
                new ExponentialDelayConfig(Duration.ofMillis(100), Duration.ofSeconds(1), 1.0, Integer.MAX_VALUE));

        assertThat(delaysInMillis(proposalDefaults, 12)).containsOnly(100L).hasSize(12);
        assertThat(proposalDefaults.intervalFunction().apply(1_000_000)).isEqualTo(100L);
    }

    @Test
    void exponentialDelayWithFractionalMultiplierGrowsFromOneMillisecond() {
        CollectStrategy strategy = CollectStrategy.exponentialDelay(
                new ExponentialDelayConfig(Duration.ofMillis(1), Duration.ofMillis(50), 1.5, Integer.MAX_VALUE));

        // 1, 1.5, 2.25, 3.375, 5.06, 7.59, 11.39, 17.09, 25.63, 38.44, 57.67 (capped) ms, rounded
        assertThat(delaysInMillis(strategy, 11)).containsExactly(1L, 2L, 2L, 3L, 5L, 8L, 11L, 17L, 26L, 38L, 50L);
    }

    @Test
    void resilience4jOwnExponentialBackoffStallsAtOneMillisecondWithFractionalMultiplier() {
        // why ExponentialDelayStrategy computes its waits itself: Resilience4j 2.4.0 truncates at every step
        IntervalFunction resilience4j =
                IntervalFunction.ofExponentialBackoff(Duration.ofMillis(1), 1.5, Duration.ofMillis(50));

        assertThat(IntStream.rangeClosed(1, 5).mapToObj(resilience4j::apply)).containsOnly(1L);
    }

    @Test
    void retriesFarBeyondTheCapStayAtMaxBackoff() {
        assertThat(DOUBLING.delayBeforeAttempt(Integer.MAX_VALUE)).isEqualTo(Duration.ofMillis(50));
        assertThat(DOUBLING.intervalFunction().apply(Integer.MAX_VALUE)).isEqualTo(50L);
    }

    @Test
    void intervalFunctionGivesTheSameWaitsAsDelayBeforeAttempt() {
        for (CollectStrategy strategy : List.of(FIXED, DOUBLING)) {
            IntervalFunction intervals = strategy.intervalFunction();
            for (int attempt = 1; attempt <= 20; attempt++) {
                assertThat(intervals.apply(attempt))
                        .as("%s, attempt %s", strategy.describe(), attempt)
                        .isEqualTo(strategy.delayBeforeAttempt(attempt).toMillis());
            }
        }
    }

    @Test
    void roundsSubMillisecondSettingsToTheNearestMillisecond() {
        CollectStrategy strategy = CollectStrategy.fixedDelay(new FixedDelayConfig(Duration.ofNanos(1_500_000), 3));

        assertThat(strategy.delayBeforeAttempt(1)).isEqualTo(Duration.ofMillis(2));
        assertThat(strategy.intervalFunction().apply(1)).isEqualTo(2L);
    }

    @Test
    void rejectsAttemptBelowOne() {
        for (CollectStrategy strategy : List.of(FIXED, DOUBLING)) {
            assertThatThrownBy(() -> strategy.delayBeforeAttempt(0))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("attempt must be at least 1, was 0");
            assertThatThrownBy(() -> strategy.intervalFunction().apply(0)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void describesItselfForLogs() {
        assertThat(DOUBLING.describe())
                .isEqualTo("exponential-delay(initial 1 ms, x2.0, max 50 ms, unbounded attempts)");
        assertThat(FIXED.describe()).isEqualTo("fixed-delay(100 ms, 5 attempts)");
        assertThat(CollectStrategy.fixedDelay(new FixedDelayConfig(Duration.ofSeconds(2), 1))
                        .describe())
                .isEqualTo("fixed-delay(2 s, 1 attempt)");
    }

    @Test
    void everyOptionLivesInTheCollectStrategyNamespaceAndIsDescribed() {
        List<ConfigOption<?>> options = List.of(
                CollectStrategyOptions.TYPE,
                FixedDelayOptions.DELAY,
                FixedDelayOptions.ATTEMPTS,
                ExponentialDelayOptions.INITIAL_BACKOFF,
                ExponentialDelayOptions.MAX_BACKOFF,
                ExponentialDelayOptions.BACKOFF_MULTIPLIER,
                ExponentialDelayOptions.ATTEMPTS);

        assertThat(options).allSatisfy(option -> {
            assertThat(option.key()).startsWith("collect-strategy.").matches("[a-z.-]+");
            assertThat(option.hasDefaultValue()).isTrue();
            assertThat(option.description().getBlocks()).isNotEmpty();
        });
    }

    private static List<Long> delaysInMillis(CollectStrategy strategy, int retries) {
        return IntStream.rangeClosed(1, retries)
                .mapToObj(attempt -> strategy.delayBeforeAttempt(attempt).toMillis())
                .toList();
    }
}
