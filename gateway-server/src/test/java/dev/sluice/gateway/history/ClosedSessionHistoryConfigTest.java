package dev.sluice.gateway.history;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ClosedSessionHistoryConfigTest {
    @Test
    void usesDocumentedDefaults() {
        assertThat(ClosedSessionHistoryConfig.from(new Configuration()))
                .isEqualTo(new ClosedSessionHistoryConfig(Duration.ofMinutes(15), 100, 1000));
    }

    @Test
    void mapsOptions() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.session.history.closed-sessions.retention", "2 min",
                "sluice.session.history.closed-sessions.max-entries-per-user", "5",
                "sluice.session.history.closed-sessions.max-entries", "50"));

        assertThat(ClosedSessionHistoryConfig.from(configuration))
                .isEqualTo(new ClosedSessionHistoryConfig(Duration.ofMinutes(2), 5, 50));
    }

    @Test
    void acceptsZeroRetentionWhichKeepsNone() {
        assertThat(new ClosedSessionHistoryConfig(Duration.ZERO, 1, 1).retention())
                .isZero();
    }

    @Test
    void rejectsNegativeRetention() {
        assertThatThrownBy(() -> new ClosedSessionHistoryConfig(Duration.ofSeconds(-1), 1, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.history.closed-sessions.retention must not be negative (0 keeps none),"
                        + " was PT-1S");
    }

    @Test
    void rejectsZeroEntriesPerUser() {
        assertThatThrownBy(() -> new ClosedSessionHistoryConfig(Duration.ofMinutes(1), 0, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.history.closed-sessions.max-entries-per-user must be at least 1, was 0");
    }

    @Test
    void rejectsFewerEntriesInAllThanForOneUser() {
        assertThatThrownBy(() -> new ClosedSessionHistoryConfig(Duration.ofMinutes(1), 100, 99))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.session.history.closed-sessions.max-entries must be at least"
                        + " sluice.session.history.closed-sessions.max-entries-per-user (100), was 99");
    }
}
