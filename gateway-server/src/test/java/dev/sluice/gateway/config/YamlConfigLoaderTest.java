package dev.sluice.gateway.config;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class YamlConfigLoaderTest {
    @TempDir
    Path directory;

    @Test
    void flattensNestedMapsToDottedKeys() throws IOException {
        Configuration configuration = load("""
                sluice:
                  server:
                    host: 0.0.0.0
                    port: 9000
                  session:
                    idle-timeout: 10 min
                parallelism:
                  default: 4
                """);

        assertThat(configuration.toMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "sluice.server.host", "0.0.0.0",
                        "sluice.server.port", "9000",
                        "sluice.session.idle-timeout", "10 min",
                        "parallelism.default", "4"));
    }

    @Test
    void keepsDottedKeysAndMixesThemWithNesting() throws IOException {
        Configuration configuration = load("""
                sluice.server.port: 9000
                sluice:
                  session.max-sessions: 8
                """);

        assertThat(configuration.toMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "sluice.server.port", "9000",
                        "sluice.session.max-sessions", "8"));
    }

    @Test
    void joinsListsWithSemicolons() throws IOException {
        Configuration configuration = load("""
                sluice:
                  clusters: [local, prod]
                pipeline:
                  jars:
                    - file:///a.jar
                    - file:///b.jar
                """);

        assertThat(configuration.toMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "sluice.clusters", "local;prod",
                        "pipeline.jars", "file:///a.jar;file:///b.jar"));
    }

    @Test
    void turnsScalarsIntoTheirText() throws IOException {
        Configuration configuration = load("""
                a: true
                b: 1.5
                c: 'quoted text'
                """);

        assertThat(configuration.toMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of("a", "true", "b", "1.5", "c", "quoted text"));
    }

    @Test
    void skipsKeysWithoutValue() throws IOException {
        Configuration configuration = load("""
                a:
                b: ~
                c: 1
                """);

        assertThat(configuration.toMap()).containsExactly(Map.entry("c", "1"));
    }

    @Test
    void loadsEmptyFileAsEmptyConfiguration() throws IOException {
        assertThat(load("").toMap()).isEmpty();
    }

    @Test
    void loadsFileWithOnlyCommentsAsEmptyConfiguration() throws IOException {
        assertThat(load("# everything is commented out\n# sluice:\n#   server:\n")
                        .toMap())
                .isEmpty();
    }

    @Test
    void rejectsInvalidYaml() throws IOException {
        Path file = write("sluice: [unclosed\n");

        assertThatThrownBy(() -> YamlConfigLoader.load(file))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .singleElement()
                                .asString()
                                .startsWith("Configuration file " + file + " is not valid YAML: "));
    }

    @Test
    void rejectsTopLevelList() throws IOException {
        Path file = write("- sluice.server.port\n- 9000\n");

        assertThatThrownBy(() -> YamlConfigLoader.load(file))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessage(
                        "Invalid configuration:\n  - Configuration file " + file + " must hold a YAML map of options");
    }

    @Test
    void rejectsTopLevelScalar() throws IOException {
        Path file = write("just text\n");

        assertThatThrownBy(() -> YamlConfigLoader.load(file))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .containsExactly("Configuration file " + file + " must hold a YAML map of options"));
    }

    @Test
    void rejectsMissingFile() {
        Path file = directory.resolve("missing.yaml");

        assertThatThrownBy(() -> YamlConfigLoader.load(file))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems())
                                .containsExactly("Cannot read configuration file " + file
                                        + ": java.nio.file.NoSuchFileException: " + file));
    }

    private Configuration load(String yaml) throws IOException {
        return YamlConfigLoader.load(write(yaml));
    }

    private Path write(String yaml) throws IOException {
        return Files.writeString(directory.resolve("sluice.yaml"), yaml, StandardCharsets.UTF_8);
    }
}
