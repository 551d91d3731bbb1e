package dev.sluice.bench.perf;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class PerfConfigTest {
    @Test
    void rejectsANegativeCountWithItsOwnMessage() {
        assertThatThrownBy(() -> config(-5, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--count must be at least 1, was -5");
    }

    @Test
    void requiresExactlyOneOfCountAndDuration() {
        assertThatThrownBy(() -> config(0, null)).hasMessage("give exactly one of --count and --duration");
        assertThatThrownBy(() -> config(10, Duration.ofSeconds(5)))
                .hasMessage("give exactly one of --count and --duration");
    }

    @Test
    void rejectsZeroConcurrency() {
        assertThatThrownBy(() -> new PerfConfig(
                        "jdbc:x",
                        "q",
                        "select 1",
                        List.of(),
                        0,
                        1,
                        null,
                        0,
                        Duration.ZERO,
                        Map.of(),
                        Duration.ofSeconds(5)))
                .hasMessage("--concurrency must be at least 1, was 0");
    }

    private static PerfConfig config(long count, @Nullable Duration duration) {
        return new PerfConfig(
                "jdbc:x",
                "q",
                "select 1",
                List.of(),
                1,
                count,
                duration,
                0,
                Duration.ZERO,
                Map.of(),
                Duration.ofSeconds(5));
    }
}
