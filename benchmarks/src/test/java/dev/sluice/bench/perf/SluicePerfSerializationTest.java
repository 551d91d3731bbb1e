package dev.sluice.bench.perf;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class SluicePerfSerializationTest {
    @Test
    void serializationBecomesTheDriversProperty() throws Exception {
        PerfConfig config = parse(
                        "--url",
                        "jdbc:sluice://127.0.0.1:1",
                        "--query",
                        "bulk",
                        "--count",
                        "1",
                        "--serialization",
                        "json",
                        "--property",
                        "user=me")
                .config();

        assertThat(config.connectionProperties())
                .containsEntry("serialization", "json")
                .containsEntry("user", "me");
    }

    @Test
    void serializationIsCaseInsensitive() throws Exception {
        PerfConfig config = parse(
                        "--url",
                        "jdbc:avatica:remote:url=http://127.0.0.1:1",
                        "--query",
                        "select 1",
                        "--count",
                        "1",
                        "--serialization",
                        "PROTOBUF")
                .config();

        assertThat(config.connectionProperties()).containsEntry("serialization", "protobuf");
    }

    @Test
    void withoutTheOptionTheDriverChooses() throws Exception {
        PerfConfig config = parse("--url", "jdbc:sluice://127.0.0.1:1", "--query", "bulk", "--count", "1")
                .config();

        assertThat(config.connectionProperties()).doesNotContainKey("serialization");
    }

    @Test
    void refusesAnUnknownSerialization() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SluicePerf.run(
                new String[] {
                    "--url", "jdbc:sluice://127.0.0.1:1", "--query", "bulk", "--count", "1", "--serialization", "xml"
                },
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("--serialization")
                .contains("xml");
    }

    @Test
    void refusesSerializationForAUrlWithoutAvatica() {
        SluicePerf perf = parse(
                "--url", "jdbc:flink://127.0.0.1:1", "--query", "bulk", "--count", "1", "--serialization", "json");

        assertThatThrownBy(perf::config)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jdbc:flink://127.0.0.1:1");
    }

    @Test
    void refusesTheOptionAndThePropertyTogether() {
        SluicePerf perf = parse(
                "--url",
                "jdbc:sluice://127.0.0.1:1",
                "--query",
                "bulk",
                "--count",
                "1",
                "--serialization",
                "json",
                "--property",
                "serialization=protobuf");

        assertThatThrownBy(perf::config)
                .hasMessage("give either --serialization or --property serialization=..., not both");
    }

    private static SluicePerf parse(String... args) {
        SluicePerf perf = new SluicePerf(System.out, System.err);
        CommandLine commandLine = new CommandLine(perf);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.parseArgs(args);
        return perf;
    }
}
