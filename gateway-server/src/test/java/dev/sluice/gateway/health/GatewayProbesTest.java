package dev.sluice.gateway.health;

import dev.sluice.gateway.http.Probe;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

final class GatewayProbesTest {
    @Test
    void isNotReadyWhileWarmingUpButAlive() {
        AtomicBoolean warmingUp = new AtomicBoolean(true);
        GatewayProbes probes = new GatewayProbes(List::of, () -> 0, warmingUp::get);

        Probe warming = probes.readiness();
        assertThat(warming.ok()).isFalse();
        assertThat(warming.reason()).contains("warming up");
        assertThat(probes.liveness().ok()).isTrue();

        warmingUp.set(false);
        assertThat(probes.readiness().reason()).doesNotContain("warming up");
    }
}
