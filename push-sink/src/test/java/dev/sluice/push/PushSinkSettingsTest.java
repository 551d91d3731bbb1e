package dev.sluice.push;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class PushSinkSettingsTest {
    private static final String SECRET = "AQIDBAUGBwg"; // 8 bytes, URL-safe base64 without padding

    @Test
    void readsTheOptionsWithDocumentedDefaults() {
        PushSinkSettings settings = PushSinkSettings.from(options(Map.of()));

        assertThat(settings.host()).isEqualTo("gateway.example");
        assertThat(settings.port()).isEqualTo(4567);
        assertThat(settings.resultId()).isEqualTo(9);
        assertThat(settings.secret()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(settings.trustedCertificates()).isNull();
        assertThat(settings.batchBytes()).isEqualTo(32 * 1024);
        assertThat(settings.flushInterval()).isEqualTo(Duration.ofMillis(50));
    }

    @Test
    void readsAnIpv6Address() {
        PushSinkSettings settings = PushSinkSettings.from(options(Map.of("address", "[::1]:80")));

        assertThat(settings.host()).isEqualTo("::1");
        assertThat(settings.address()).isEqualTo("[::1]:80");
    }

    @Test
    void neverShowsTheSecret() {
        assertThat(PushSinkSettings.from(options(Map.of())).toString()).doesNotContain(SECRET);
    }

    @Test
    void rejectsInvalidOptionsNamingThem() {
        assertInvalid(Map.of("address", "gateway"), "'address' must be host:port, was 'gateway'");
        assertInvalid(Map.of("address", "gateway:http"), "'address' must be host:port, was 'gateway:http'");
        assertInvalid(Map.of("address", "gateway:70000"), "'address' must have a port from 1 to 65535, was 70000");
        assertInvalid(Map.of("secret", "not base64!"), "'secret' must be URL-safe base64");
        assertInvalid(Map.of("batch-size", "0b"), "'batch-size' must be from 1 byte to 16777211 bytes, was 0");
        assertInvalid(Map.of("flush-interval", "0 ms"), "'flush-interval' must be positive, was PT0S");
    }

    private static void assertInvalid(Map<String, String> overrides, String message) {
        assertThatThrownBy(() -> PushSinkSettings.from(options(overrides)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    private static Configuration options(Map<String, String> overrides) {
        Configuration options = new Configuration();
        options.setString("address", "gateway.example:4567");
        options.setString("result-id", "9");
        options.setString("secret", SECRET);
        overrides.forEach(options::setString);
        return options;
    }
}
