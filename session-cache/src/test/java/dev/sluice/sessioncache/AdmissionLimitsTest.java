package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdmissionLimitsTest {
    @Test
    void defaultsTakeTheClusterSlotsAndQueueAThousand() {
        AdmissionLimits limits = AdmissionLimits.from(new Configuration(), "c");

        assertThat(limits).isEqualTo(new AdmissionLimits(0, 1000, 8, Duration.ofMillis(10), 0.5));
        assertThat(limits.isOff()).isFalse();
    }

    @Test
    void minusOneTurnsAdmissionOff() {
        AdmissionLimits limits = AdmissionLimits.from(
                Configuration.fromMap(Map.of("sluice.cluster.c.admission.max-running-jobs", "-1")), "c");

        assertThat(limits.isOff()).isTrue();
    }

    @Test
    void badValuesAreReportedTogether() {
        Configuration config = Configuration.fromMap(Map.of(
                "sluice.cluster.c.admission.max-running-jobs", "-5",
                "sluice.cluster.c.admission.max-queued", "-1"));

        assertThatThrownBy(() -> AdmissionLimits.from(config, "c"))
                .hasMessageContaining("sluice.cluster.c.admission.max-running-jobs must be")
                .hasMessageContaining("was -5")
                .hasMessageContaining("sluice.cluster.c.admission.max-queued must be 0 or more, was -1");
    }
}
