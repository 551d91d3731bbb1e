package dev.sluice.gateway.testing;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LatencyHistogramTest {
    @Test
    void percentilesOfSmallLatenciesAreExact() {
        LatencyHistogram histogram = new LatencyHistogram();
        for (int micros = 1; micros <= 100; micros++) {
            histogram.record(Duration.ofNanos(micros * 1000L));
        }

        assertThat(histogram.count()).isEqualTo(100);
        assertThat(histogram.percentile(50)).isEqualTo(Duration.ofNanos(50_000));
        assertThat(histogram.percentile(99)).isEqualTo(Duration.ofNanos(99_000));
        assertThat(histogram.max()).isEqualTo(Duration.ofNanos(100_000));
    }

    @Test
    void percentilesOfLongLatenciesAreWithinTheirBucket() {
        LatencyHistogram histogram = new LatencyHistogram();
        for (int i = 1; i <= 1000; i++) {
            histogram.record(Duration.ofMillis(i * 10L)); // 10 ms to 10 s
        }

        assertThat(histogram.percentile(50).toNanos() / 1e6).isCloseTo(5_000, within(5_000 * 0.002));
        assertThat(histogram.percentile(99).toNanos() / 1e6).isCloseTo(9_900, within(9_900 * 0.002));
        assertThat(histogram.percentile(100)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void anEmptyHistogramReportsZero() {
        LatencyHistogram histogram = new LatencyHistogram();

        assertThat(histogram.count()).isZero();
        assertThat(histogram.percentile(99)).isEqualTo(Duration.ZERO);
        assertThat(histogram.max()).isEqualTo(Duration.ZERO);
    }
}
