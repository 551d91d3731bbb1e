package dev.sluice.gateway.settings;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.RestOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

final class FlinkSessionDefaultsTest {
    @Test
    void fillsInSluicesDefaults() {
        Configuration configuration = FlinkSessionDefaults.applyTo(new Configuration());

        assertThat(configuration.get(ExecutionOptions.RUNTIME_MODE)).isEqualTo(RuntimeExecutionMode.BATCH);
        assertThat(configuration.get(RestOptions.RETRY_MAX_ATTEMPTS)).isEqualTo(2);
        assertThat(configuration.get(RestOptions.RETRY_DELAY)).isEqualTo(Duration.ofMillis(200));
        assertThat(configuration.get(RestOptions.CONNECTION_TIMEOUT)).isEqualTo(Duration.ofSeconds(5));
        assertThat(configuration.get(RestOptions.AWAIT_LEADER_TIMEOUT)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void keepsWhatTheConfigurationSets() {
        Configuration given = new Configuration();
        given.set(RestOptions.AWAIT_LEADER_TIMEOUT, Duration.ofSeconds(45));
        given.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.STREAMING);

        Configuration configuration = FlinkSessionDefaults.applyTo(given);

        assertThat(configuration.get(RestOptions.AWAIT_LEADER_TIMEOUT)).isEqualTo(Duration.ofSeconds(45));
        assertThat(configuration.get(ExecutionOptions.RUNTIME_MODE)).isEqualTo(RuntimeExecutionMode.STREAMING);
        assertThat(given.contains(RestOptions.RETRY_MAX_ATTEMPTS))
                .as("the given configuration is unchanged")
                .isFalse();
    }
}
