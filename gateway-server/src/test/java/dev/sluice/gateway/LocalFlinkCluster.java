package dev.sluice.gateway;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A standalone Flink session cluster in separate JVMs, started and stopped through bin/flink-local-cluster. */
final class LocalFlinkCluster implements AutoCloseable {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();

    private final int restPort;
    private final Path directory;
    private boolean running;

    private LocalFlinkCluster(int restPort, Path directory) {
        this.restPort = restPort;
        this.directory = directory;
    }

    static LocalFlinkCluster start(Path directory) throws IOException, InterruptedException {
        int restPort = freePort();
        LocalFlinkCluster cluster = new LocalFlinkCluster(restPort, directory);
        cluster.run("start", "--rest-port", String.valueOf(restPort), "--rpc-port", String.valueOf(freePort()));
        cluster.running = true;
        return cluster;
    }

    int restPort() {
        return restPort;
    }

    void stop() throws IOException, InterruptedException {
        if (running) {
            run("stop");
            running = false;
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stop();
    }

    private void run(String command, String... options) throws IOException, InterruptedException {
        List<String> arguments = new java.util.ArrayList<>(List.of(
                PROJECT_ROOT.resolve("bin/flink-local-cluster").toString(), command, "--dir", directory.toString()));
        arguments.addAll(List.of(options));
        ProcessBuilder builder = new ProcessBuilder(arguments).redirectErrorStream(true);
        builder.environment().put("SLUICE_SKIP_BUILD", "1");
        Process process = builder.start();
        if (!process.waitFor(150, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("bin/flink-local-cluster " + command + " did not finish in 150 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IllegalStateException("bin/flink-local-cluster " + command + " failed:\n" + output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
