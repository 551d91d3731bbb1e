package dev.sluice.jobs;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.streaming.api.environment.CheckpointConfig;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class JobJarsTest {
    @TempDir
    Path directory;

    @Test
    void addsEachJarOnceToAJobsUserJars() throws IOException {
        Path sink = Files.writeString(directory.resolve("sink.jar"), "jar");
        Path connector = Files.writeString(directory.resolve("connector.jar"), "jar");
        JobJars jars = JobJars.of(List.of(sink)).with(JobJars.of(List.of(connector, sink)));
        StreamGraph graph = new StreamGraph(
                new Configuration(), new ExecutionConfig(), new CheckpointConfig(), SavepointRestoreSettings.none());

        jars.addTo(graph);
        jars.addTo(graph);

        assertThat(graph.getUserJars())
                .containsExactly(
                        new org.apache.flink.core.fs.Path(sink.toUri()),
                        new org.apache.flink.core.fs.Path(connector.toUri()));
    }

    @Test
    void noneAddsNothing() {
        StreamGraph graph = new StreamGraph(
                new Configuration(), new ExecutionConfig(), new CheckpointConfig(), SavepointRestoreSettings.none());

        JobJars.NONE.addTo(graph);

        assertThat(graph.getUserJars()).isEmpty();
    }

    @Test
    void refusesAJarThatIsNotAFile() {
        assertThatThrownBy(() -> JobJars.of(List.of(directory.resolve("missing.jar"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("missing.jar");
        assertThatThrownBy(() -> JobJars.of(List.of(directory)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a readable file");
    }
}
