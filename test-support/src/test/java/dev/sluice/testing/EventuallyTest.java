package dev.sluice.testing;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class EventuallyTest {
    @Test
    void retriesAnAssertionUntilItPasses() throws Exception {
        AtomicInteger tries = new AtomicInteger();

        Eventually.within(Duration.ofSeconds(5))
                .pollingEvery(Duration.ofMillis(1))
                .untilAsserted(() -> assertThat(tries.incrementAndGet()).isEqualTo(3));

        assertThat(tries).hasValue(3);
    }

    @Test
    void failsWithTheLastFailureOnceTheTimeIsUp() {
        assertThatThrownBy(() -> Eventually.within(Duration.ofMillis(30))
                        .pollingEvery(Duration.ofMillis(5))
                        .untilAsserted(() -> assertThat("never").isEqualTo("done")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("never")
                .satisfies(failure -> assertThat(failure.getSuppressed()).isNotEmpty());
    }
}
