package dev.sluice.planner.cache;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class PlanCacheConfigTest {
    @Test
    void usesDocumentedDefaults() {
        assertThat(PlanCacheConfig.from(new Configuration())).isEqualTo(new PlanCacheConfig(true, 256));
    }

    @Test
    void mapsOptions() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.plan-cache.enabled", "false",
                "sluice.plan-cache.max-size", "1"));

        assertThat(PlanCacheConfig.from(configuration)).isEqualTo(new PlanCacheConfig(false, 1));
    }

    @Test
    void rejectsZeroMaxSize() {
        assertThatThrownBy(() -> new PlanCacheConfig(true, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.plan-cache.max-size must be at least 1, was 0");
    }
}
