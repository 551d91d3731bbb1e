package dev.sluice.bench.compare;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * The standalone Flink session cluster both gateways of a comparison submit to, started and stopped by
 * {@code bin/flink-local-cluster}: a JobManager and a TaskManager in their own JVMs, on free ports of 127.0.0.1.
 */
final class FlinkLocalCluster implements AutoCloseable {
    private static final long SCRIPT_TIMEOUT_SECONDS = 180;

    private final Path projectRoot;
    private final Path directory;
    private final int restPort;
    private final PrintStream log;

    private FlinkLocalCluster(Path projectRoot, Path directory, int restPort, PrintStream log) {
        this.projectRoot = projectRoot;
        this.directory = directory;
        this.restPort = restPort;
        this.log = log;
    }

    /**
     * Starts the cluster with its files in {@code directory}.
     *
     * @param settings files of Flink settings laid over the cluster's configuration
     * @param jvmOpts the JobManager's and TaskManager's JVM flags in place of the script's, or null
     * @param log where the script's output goes
     */
    static FlinkLocalCluster start(
            Path projectRoot,
            Path directory,
            int slots,
            boolean pushSink,
            List<FlinkSettingsFile> settings,
            @Nullable String jvmOpts,
            PrintStream log)
            throws IOException, InterruptedException {
        requireNonNull(log, "log is null");
        int restPort = freePort();
        List<String> arguments = new ArrayList<>(List.of(
                "start",
                "--rest-port",
                String.valueOf(restPort),
                "--rpc-port",
                String.valueOf(freePort()),
                "--slots",
                String.valueOf(slots),
                "--dir",
                directory.toString()));
        if (pushSink) {
            arguments.add("--push-sink");
        }
        for (FlinkSettingsFile file : settings) {
            arguments.addAll(List.of("--config", file.file().toAbsolutePath().toString()));
        }
        if (jvmOpts != null) {
            arguments.addAll(List.of("--jvm-opts", jvmOpts));
        }
        FlinkLocalCluster cluster = new FlinkLocalCluster(projectRoot, directory, restPort, log);
        cluster.runScript(arguments);
        return cluster;
    }

    int restPort() {
        return restPort;
    }

    long jobManagerPid() throws IOException {
        return readPid("jobmanager.pid");
    }

    long taskManagerPid() throws IOException {
        return readPid("taskmanager.pid");
    }

    /** Stops the JobManager and the TaskManager. */
    @Override
    public void close() throws IOException, InterruptedException {
        runScript(List.of("stop", "--dir", directory.toString()));
    }

    /** A port of 127.0.0.1 that nothing listens on now. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private long readPid(String file) throws IOException {
        return Long.parseLong(Files.readString(directory.resolve(file)).strip());
    }

    private void runScript(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(projectRoot.resolve("bin").resolve("flink-local-cluster").toString());
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("SLUICE_SKIP_BUILD", "1");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(
                    "bin/flink-local-cluster " + String.join(" ", arguments) + " failed:\n" + output);
        }
        log.print(output);
    }
}
