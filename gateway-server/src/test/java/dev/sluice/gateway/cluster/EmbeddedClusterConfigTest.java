package dev.sluice.gateway.cluster;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
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

    @Test
    void remembersFiveHundredFinishedJobsForAnHourUnlessFlinksJobStoreOptionsSayOtherwise() {
        EmbeddedClusterConfig defaults = EmbeddedClusterConfig.from(new Configuration());
        assertThat(defaults.finishedJobsKept()).isEqualTo(500);
        assertThat(defaults.finishedJobsExpiration()).isEqualTo(Duration.ofHours(1));

        EmbeddedClusterConfig set = EmbeddedClusterConfig.from(
                Configuration.fromMap(Map.of("jobstore.max-capacity", "20", "jobstore.expiration-time", "600")));
        assertThat(set.finishedJobsKept()).isEqualTo(20);
        assertThat(set.finishedJobsExpiration()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void rejectsAJobStoreOfNoJobsBeforeAnythingStarts() {
        assertThatThrownBy(
                        () -> EmbeddedClusterConfig.from(Configuration.fromMap(Map.of("jobstore.max-capacity", "0"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("jobstore.max-capacity must be at least 1 for the embedded cluster, was 0");
        assertThatThrownBy(() ->
                        EmbeddedClusterConfig.from(Configuration.fromMap(Map.of("jobstore.max-capacity", "many"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("jobstore.max-capacity (or completed-application-store.max-capacity) cannot be"
                        + " read for the embedded cluster: Could not parse value 'many'");
    }
}
