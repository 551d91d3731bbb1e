package dev.sluice.bench.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

final class FlinkSettingsFileTest {
    @TempDir
    Path directory;

    @Test
    void readsFlatSettingsInOrderSkippingCommentsAndALaterValueWins() throws IOException {
        FlinkSettingsFile file =
                FlinkSettingsFile.read(write("# OLAP\n\npipeline.object-reuse: true\nrestart-strategy.type: disable  \n"
                        + "pipeline.object-reuse: false\n"));

        assertThat(file.settings())
                .containsExactly(entry("pipeline.object-reuse", "false"), entry("restart-strategy.type", "disable"));
        assertThat(file.toYaml()).isEqualTo("pipeline.object-reuse: false\nrestart-strategy.type: disable\n");
        assertThat(file.summary()).isEqualTo("`pipeline.object-reuse: false`, `restart-strategy.type: disable`");
    }

    @Test
    void refusesANestedMapNamingTheLine() throws IOException {
        Path nested = write("pipeline.object-reuse: true\nexecution:\n  batch-shuffle-mode: ALL_EXCHANGES_PIPELINED\n");

        assertThatThrownBy(() -> FlinkSettingsFile.read(nested))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(nested + ", line 2: not a flat 'key: value' setting: execution:");
    }

    @Test
    void findsAKeyUnderAPrefixButNotOneThatOnlySharesItsFirstLetters() throws IOException {
        FlinkSettingsFile file = FlinkSettingsFile.read(write("restart-strategy.type: disable\nrest.port: 1\n"));

        assertThat(file.firstKeyIn(List.of("rest"))).isEqualTo("rest.port");
        assertThat(FlinkSettingsFile.read(write("restart-strategy.type: disable\n"))
                        .firstKeyIn(List.of("rest")))
                .isNull();
        assertThat(file.firstKeyIn(List.of("restart-strategy.type"))).isEqualTo("restart-strategy.type");
    }

    @Test
    void profileNamesWhatBothSystemsRanOn() throws IOException {
        FlinkSettingsFile cluster = FlinkSettingsFile.read(write("jobstore.type: File\n"));
        FlinkSettingsFile job = FlinkSettingsFile.read(write("pipeline.object-reuse: true\n"));

        assertThat(new Profile(List.of(), null).describe(null))
                .isEqualTo("\nProfile: cluster conf/flink/config.yaml as it is; cluster JVM flags `-XX:+UseG1GC`;"
                        + " jobs submitted with each gateway's defaults.\n");
        assertThat(new Profile(List.of(cluster), job).describe("-XX:+UseZGC"))
                .isEqualTo("\nProfile: cluster conf/flink/config.yaml with `jobstore.type: File`; cluster JVM flags"
                        + " `-XX:+UseZGC`; jobs submitted with `pipeline.object-reuse: true`, the same for both"
                        + " gateways.\n");
    }

    private Path write(String text) throws IOException {
        Path file = Files.createTempFile(directory, "settings", ".yaml");
        Files.writeString(file, text);
        return file;
    }
}
