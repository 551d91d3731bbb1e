package dev.sluice.gateway.security;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class UserCodeConfigTest {
    @Test
    void allowsNothingByDefault() {
        assertThat(UserCodeConfig.from(new Configuration())).isEqualTo(new UserCodeConfig(List.of(), List.of()));
    }

    @Test
    void tellsDirectoriesFromUrlPrefixes() {
        assertThat(UserCodeConfig.from(Configuration.fromMap(
                        Map.of("sluice.security.user-code.allowed-locations", "/opt/udfs/../udfs;s3://bucket/jars/"))))
                .isEqualTo(new UserCodeConfig(List.of(Path.of("/opt/udfs")), List.of("s3://bucket/jars/")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"udfs", "./udfs", "https://repo.example/jars"})
    void refusesRelativePathsAndUrlsThatAreNoPrefix(String location) {
        assertThatThrownBy(() -> UserCodeConfig.from(
                        Configuration.fromMap(Map.of("sluice.security.user-code.allowed-locations", location))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.security.user-code.allowed-locations must hold absolute paths or URLs ending in"
                        + " /, was " + location);
    }
}
