package dev.sluice.gateway.config;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ServerConfigTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Test
    void usesDocumentedDefaults() {
        assertThat(ServerConfig.from(new Configuration()))
                .isEqualTo(new ServerConfig(
                        "127.0.0.1",
                        8765,
                        64,
                        256,
                        16 * 1024 * 1024,
                        Duration.ofMinutes(5),
                        4096,
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(10),
                        512));
    }

    @Test
    void mapsOptions() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.server.host", "0.0.0.0",
                "sluice.server.port", "0",
                "sluice.server.rpc-threads", "1",
                "sluice.server.rpc-queue-size", "0",
                "sluice.server.max-request-size", "1kb",
                "sluice.server.idle-timeout", "1 s",
                "sluice.server.request-timeout", "250 ms"));

        assertThat(ServerConfig.from(configuration))
                .isEqualTo(new ServerConfig(
                        "0.0.0.0",
                        0,
                        1,
                        0,
                        1024,
                        Duration.ofSeconds(1),
                        4096,
                        Duration.ofMillis(250),
                        Duration.ofSeconds(10),
                        512));
    }

    @Test
    void acceptsHighestPort() {
        assertThat(new ServerConfig(
                                "h",
                                65535,
                                1,
                                0,
                                1024,
                                MINUTE,
                                4096,
                                Duration.ofSeconds(10),
                                Duration.ofSeconds(10),
                                512)
                        .port())
                .isEqualTo(65535);
    }

    @Test
    void rejectsBlankHost() {
        assertThatThrownBy(() -> new ServerConfig(
                        " ", 8765, 1, 0, 1024, MINUTE, 4096, Duration.ofSeconds(10), Duration.ofSeconds(10), 512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.host must not be blank");
    }

    @Test
    void rejectsNegativePort() {
        assertThatThrownBy(() -> new ServerConfig(
                        "h", -1, 1, 0, 1024, MINUTE, 4096, Duration.ofSeconds(10), Duration.ofSeconds(10), 512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.port must be between 0 and 65535, was -1");
    }

    @Test
    void rejectsPortAboveRange() {
        assertThatThrownBy(() -> new ServerConfig(
                        "h", 65536, 1, 0, 1024, MINUTE, 4096, Duration.ofSeconds(10), Duration.ofSeconds(10), 512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.port must be between 0 and 65535, was 65536");
    }

    @Test
    void rejectsZeroRpcThreads() {
        assertThatThrownBy(() -> new ServerConfig(
                        "h", 0, 0, 0, 1024, MINUTE, 4096, Duration.ofSeconds(10), Duration.ofSeconds(10), 512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.rpc-threads must be at least 1, was 0");
    }

    @Test
    void rejectsNegativeRpcQueueSize() {
        assertThatThrownBy(() -> new ServerConfig(
                        "h", 0, 1, -1, 1024, MINUTE, 4096, Duration.ofSeconds(10), Duration.ofSeconds(10), 512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.rpc-queue-size must be at least 0, was -1");
    }

    @Test
    void rejectsRequestSizeBelowOneKilobyte() {
        assertThatThrownBy(() -> new ServerConfig(
                        "h", 0, 1, 0, 1023, MINUTE, 4096, Duration.ofSeconds(10), Duration.ofSeconds(10), 512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.max-request-size must be at least 1kb, was 1023 bytes");
    }

    @Test
    void rejectsRequestSizeAboveIntRange() {
        Configuration configuration = Configuration.fromMap(Map.of("sluice.server.max-request-size", "3gb"));

        assertThatThrownBy(() -> ServerConfig.from(configuration))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.max-request-size must be less than 2gb, was 3 gb");
    }

    @Test
    void rejectsIdleTimeoutBelowOneSecond() {
        assertThatThrownBy(() -> new ServerConfig(
                        "h",
                        0,
                        1,
                        0,
                        1024,
                        Duration.ofMillis(999),
                        4096,
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(10),
                        512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.idle-timeout must be at least 1 s, was PT0.999S");
    }

    @Test
    void rejectsARequestTimeoutBelowOneHundredMilliseconds() {
        assertThatThrownBy(() -> new ServerConfig(
                        "h", 0, 1, 0, 1024, MINUTE, 4096, Duration.ofMillis(99), Duration.ofSeconds(10), 512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.server.request-timeout must be at least 100 ms, was PT0.099S");
    }
}
