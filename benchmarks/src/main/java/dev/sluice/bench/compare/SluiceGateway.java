package dev.sluice.bench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** A Sluice gateway of the comparison, in its own JVM through {@code bin/sluice-gateway}, on the standalone cluster. */
final class SluiceGateway implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("^Sluice gateway ready: (\\S+)$", Pattern.MULTILINE);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final ManagedProcess process;
    private final String jdbcUrl;

    private SluiceGateway(ManagedProcess process, String jdbcUrl) {
        this.process = process;
        this.jdbcUrl = jdbcUrl;
    }

    /**
     * Starts a gateway with its configuration and log in {@code directory} and waits until it is ready.
     *
     * @param resultCache whether the gateway may answer a repeated query from its result cache
     * @param extraYaml top-level YAML appended to the gateway's configuration
     */
    static SluiceGateway start(
            Path projectRoot, Path directory, int clusterRestPort, boolean reuse, boolean resultCache, String extraYaml)
            throws IOException, InterruptedException {
        Files.createDirectories(directory);
        Path config = directory.resolve("sluice.yaml");
        Files.writeString(config, """
                sluice:
                  server:
                    port: 0
                  clusters: [standalone]
                  result-cache:
                    enabled: %s
                  cluster:
                    reuse: %s
                    standalone:
                      type: REMOTE
                      rest-address: 127.0.0.1:%d
                """.formatted(resultCache, reuse, clusterRestPort) + extraYaml);
        ManagedProcess process = ManagedProcess.start(
                "Sluice gateway",
                List.of(projectRoot.resolve("bin/sluice-gateway").toString(), "--config", config.toString()),
                Map.of("SLUICE_SKIP_BUILD", "1", "SLUICE_LOG_DIR", directory.toString()),
                directory.resolve("gateway.out"));
        try {
            return new SluiceGateway(process, process.awaitOutput(READY, START_TIMEOUT));
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
    }

    String jdbcUrl() {
        return jdbcUrl;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
