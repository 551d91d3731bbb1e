package dev.sluice.gateway.config;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class SessionConfigTest {
    @Test
    void usesDocumentedDefaults() {
        assertThat(SessionConfig.from(new Configuration()))
                .isEqualTo(new SessionConfig(
                        512,
                        Duration.ofMinutes(30),
                        1_000_000,
                        Duration.ofMinutes(10),
                        1_000_000,
                        262_144,
                        2000,
                        Duration.ofMinutes(5)));
    }

    @Test
    void mapsOptions() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.session.max-sessions", "1",
                "sluice.session.idle-timeout", "1 s",
                "sluice.session.max-materialized-rows", "1",
                "sluice.query.timeout", "30 s",
                "sluice.session.max-statement-length", "10",
                "sluice.session.history.max-size", "2kb",
                "sluice.session.history.max-statement-length", "20"));

        assertThat(SessionConfig.from(configuration))
                .isEqualTo(new SessionConfig(
                        1, Duration.ofSeconds(1), 1, Duration.ofSeconds(30), 10, 2048, 20, Duration.ofMinutes(5)));
    }

    @Test
    void rejectsZeroMaxSessions() {
        assertThatThrownBy(() -> new SessionConfig(
                        0, Duration.ofMinutes(1), 1, Duration.ZERO, 1_000_000, 262_144, 2000, Duration.ofMinutes(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.max-sessions must be at least 1, was 0");
    }

    @Test
    void rejectsIdleTimeoutBelowOneSecond() {
        assertThatThrownBy(() -> new SessionConfig(
                        1, Duration.ofMillis(500), 1, Duration.ZERO, 1_000_000, 262_144, 2000, Duration.ofMinutes(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.idle-timeout must be at least 1 s, was PT0.5S");
    }

    @Test
    void rejectsZeroMaxMaterializedRows() {
        assertThatThrownBy(() -> new SessionConfig(
                        1, Duration.ofMinutes(1), 0, Duration.ZERO, 1_000_000, 262_144, 2000, Duration.ofMinutes(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.max-materialized-rows must be at least 1, was 0");
    }

    @Test
    void rejectsANegativeQueryTimeout() {
        assertThatThrownBy(() -> new SessionConfig(
                        1,
                        Duration.ofMinutes(1),
                        1,
                        Duration.ofSeconds(-1),
                        1_000_000,
                        262_144,
                        2000,
                        Duration.ofMinutes(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.query.timeout must not be negative (0 means no limit), was PT-1S");
    }

    @Test
    void rejectsZeroMaxStatementLength() {
        assertThatThrownBy(() -> new SessionConfig(
                        1, Duration.ofMinutes(1), 1, Duration.ZERO, 0, 262_144, 2000, Duration.ofMinutes(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.max-statement-length must be at least 1, was 0");
    }

    @Test
    void rejectsAHistorySmallerThanOneKilobyte() {
        assertThatThrownBy(() -> new SessionConfig(
                        1, Duration.ofMinutes(1), 1, Duration.ZERO, 10, 1023, 2000, Duration.ofMinutes(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.history.max-size must be at least 1kb, was 1023 bytes");
    }

    @Test
    void rejectsAHistoryStatementLengthBelowSixteen() {
        assertThatThrownBy(() -> new SessionConfig(
                        1, Duration.ofMinutes(1), 1, Duration.ZERO, 10, 1024, 15, Duration.ofMinutes(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.history.max-statement-length must be at least 16, was 15");
    }

    @Test
    void rejectsAHistoryOfTwoGigabytes() {
        Configuration configuration = Configuration.fromMap(Map.of("sluice.session.history.max-size", "2gb"));

        assertThatThrownBy(() -> SessionConfig.from(configuration))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.history.max-size must be less than 2gb, was 2 gb");
    }

    @Test
    void rejectsAResultIdleTimeoutBelowOneSecond() {
        assertThatThrownBy(() -> new SessionConfig(
                        1, Duration.ofMinutes(1), 1, Duration.ZERO, 10, 1024, 16, Duration.ofMillis(10)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.result-idle-timeout must be at least 1 s, was PT0.01S");
    }
}
