package dev.sluice.gateway.planning;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class PlanningConfigTest {
    @Test
    void usesDocumentedDefaults() {
        assertThat(PlanningConfig.from(new Configuration())).isEqualTo(new PlanningConfig(Duration.ofSeconds(30)));
    }

    @Test
    void readsTheBound() {
        assertThat(PlanningConfig.from(Configuration.fromMap(Map.of("sluice.query.max-planning-time", "1500 ms"))))
                .isEqualTo(new PlanningConfig(Duration.ofMillis(1500)));
    }

    @Test
    void rejectsZero() {
        assertThatThrownBy(() ->
                        PlanningConfig.from(Configuration.fromMap(Map.of("sluice.query.max-planning-time", "0 s"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.query.max-planning-time must be positive, was 0 ms");
    }

    @Test
    void rejectsANegativeBound() {
        assertThatThrownBy(() -> new PlanningConfig(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("sluice.query.max-planning-time must be positive, was ");
    }
}
