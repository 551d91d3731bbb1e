package dev.sluice.gateway.avatica;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class FrameConfigTest {
    @Test
    void usesDocumentedDefaults() {
        assertThat(FrameConfig.from(new Configuration())).isEqualTo(new FrameConfig(1024 * 1024, 50_000));
    }

    @Test
    void rejectsATargetSizeBelowOneKilobyte() {
        assertThatThrownBy(() ->
                        FrameConfig.from(Configuration.fromMap(Map.of("sluice.result.frame.target-size", "100b"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.result.frame.target-size must be from 1kb to 64mb, was 100 bytes");
    }

    @Test
    void rejectsZeroMaxRows() {
        assertThatThrownBy(() -> new FrameConfig(1024 * 1024, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.result.frame.max-rows must be from 1 to 1000000, was 0");
    }
}
