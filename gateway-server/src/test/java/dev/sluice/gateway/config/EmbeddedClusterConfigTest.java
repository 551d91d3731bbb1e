package dev.sluice.gateway.config;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class EmbeddedClusterConfigTest {
    @Test
    void usesDocumentedDefaults() {
        assertThat(EmbeddedClusterConfig.from(new Configuration())).isEqualTo(new EmbeddedClusterConfig(1, 8));
    }

    @Test
    void mapsOptions() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.embedded.task-managers", "2",
                "sluice.embedded.task-slots", "16"));

        assertThat(EmbeddedClusterConfig.from(configuration)).isEqualTo(new EmbeddedClusterConfig(2, 16));
    }

    @Test
    void rejectsZeroTaskManagers() {
        assertThatThrownBy(() -> new EmbeddedClusterConfig(0, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.embedded.task-managers must be at least 1, was 0");
    }

    @Test
    void rejectsZeroTaskSlots() {
        assertThatThrownBy(() -> new EmbeddedClusterConfig(1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.embedded.task-slots must be at least 1, was 0");
    }
}
