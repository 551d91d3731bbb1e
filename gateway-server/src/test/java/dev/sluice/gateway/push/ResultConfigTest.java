package dev.sluice.gateway.push;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ResultConfigTest {
    @Test
    void usesDocumentedDefaults() {
        assertThat(ResultConfig.from(new Configuration()))
                .isEqualTo(new ResultConfig(
                        ResultTransport.PUSH,
                        "127.0.0.1",
                        0,
                        "127.0.0.1",
                        4 * 1024 * 1024,
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(10)));
    }

    @Test
    void advertisesTheBindHostUnlessToldOtherwise() {
        assertThat(ResultConfig.from(config(Map.of("sluice.result.bind-host", "10.0.0.5")))
                        .advertisedHost())
                .isEqualTo("10.0.0.5");
        assertThat(ResultConfig.from(config(Map.of("sluice.result.advertised-address", "")))
                        .advertisedHost())
                .isEqualTo("127.0.0.1");
        assertThat(ResultConfig.from(config(Map.of(
                                "sluice.result.bind-host", "0.0.0.0",
                                "sluice.result.advertised-address", "sluice-gateway")))
                        .advertisedHost())
                .isEqualTo("sluice-gateway");
    }

    @Test
    void rejectsInvalidValuesNamingTheOption() {
        assertInvalid(Map.of("sluice.result.port", "70000"), "sluice.result.port must be from 0 to 65535, was 70000");
        assertInvalid(
                Map.of("sluice.result.bind-host", "0.0.0.0"),
                "sluice.result.advertised-address must be an address TaskManagers can dial, was '0.0.0.0'; set it"
                        + " when sluice.result.bind-host is a wildcard");
        assertInvalid(
                Map.of("sluice.result.advertised-address", "gateway:9000/x"),
                "sluice.result.advertised-address must be a host name or address without port or scheme, was"
                        + " 'gateway:9000/x'");
        assertInvalid(
                Map.of("sluice.result.max-buffered-bytes", "1kb"),
                "sluice.result.max-buffered-bytes must be at least 64kb, was 1024 bytes");
        assertInvalid(
                Map.of("sluice.result.hello-timeout", "0 s"), "sluice.result.hello-timeout must be positive, was PT0S");
        assertInvalid(
                Map.of("sluice.result.lost-connection-timeout", "0 s"),
                "sluice.result.lost-connection-timeout must be positive, was PT0S");
    }

    private static void assertInvalid(Map<String, String> options, String message) {
        assertThatThrownBy(() -> ResultConfig.from(config(options)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    private static Configuration config(Map<String, String> options) {
        Configuration configuration = new Configuration();
        options.forEach(configuration::setString);
        return configuration;
    }
}
