package dev.sluice.bench.perf;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class SluicePerfResultCacheTest {
    private static final String CACHE = "sluice.result-cache.enabled";

    @Test
    void aSluiceConnectionTurnsTheResultCacheOffByDefault() throws Exception {
        PerfConfig config = parse("--url", "jdbc:sluice://127.0.0.1:1", "--query", "bulk", "--count", "1")
                .config();

        assertThat(config.connectionProperties()).containsEntry(CACHE, "false");
    }

    @Test
    void anAvaticaConnectionDoesLikewiseBesideItsSerialization() throws Exception {
        PerfConfig config = parse(
                        "--url",
                        "jdbc:avatica:remote:url=http://127.0.0.1:1",
                        "--query",
                        "select 1",
                        "--count",
                        "1",
                        "--serialization",
                        "json")
                .config();

        assertThat(config.connectionProperties()).containsEntry(CACHE, "false").containsEntry("serialization", "json");
    }

    @Test
    void onLeavesTheGatewaysSetting() throws Exception {
        PerfConfig config = parse(
                        "--url", "jdbc:sluice://127.0.0.1:1", "--query", "bulk", "--count", "1", "--result-cache", "on")
                .config();

        assertThat(config.connectionProperties()).doesNotContainKey(CACHE);
    }

    @Test
    void stocksDriverGetsNoSuchProperty() throws Exception {
        PerfConfig config = parse("--url", "jdbc:flink://127.0.0.1:1", "--query", "bulk", "--count", "1")
                .config();

        assertThat(config.connectionProperties()).doesNotContainKey(CACHE);
    }

    @Test
    void refusesAnythingButOnOrOff() {
        SluicePerf perf = parse(
                "--url", "jdbc:sluice://127.0.0.1:1", "--query", "bulk", "--count", "1", "--result-cache", "maybe");

        assertThatThrownBy(perf::config).hasMessage("--result-cache is on or off, was 'maybe'");
    }

    private static SluicePerf parse(String... args) {
        SluicePerf perf = new SluicePerf(System.out, System.err);
        CommandLine commandLine = new CommandLine(perf);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true); // as SluicePerf.run has it
        commandLine.parseArgs(args);
        return perf;
    }
}
