package dev.sluice.gateway.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bin/sluice-gateway started as a user starts it, with the shipped conf/log4j2.xml, its log in {@code directory}:
 * for tests of what the packaged gateway writes.
 */
public final class GatewayProcess implements AutoCloseable {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();
    private static final Pattern READY =
            Pattern.compile("^Sluice gateway ready: (jdbc:sluice://127\\.0\\.0\\.1:\\d+)$");

    private static final Pattern DASHBOARD = Pattern.compile("dashboard: (http://127\\.0\\.0\\.1:\\d+/)");

    private final Process process;
    private final Path directory;
    private final String jdbcUrl;

    private GatewayProcess(Process process, Path directory, String jdbcUrl) {
        this.process = process;
        this.directory = directory;
        this.jdbcUrl = jdbcUrl;
    }

    /** Starts the gateway with {@code yaml} as its configuration and waits until it is ready. */
    public static GatewayProcess start(Path directory, String yaml) throws Exception {
        Process process = launch(directory, yaml, ProcessBuilder.Redirect.PIPE);
        try {
            BufferedReader stdout =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String readyLine =
                    CompletableFuture.supplyAsync(() -> readyLine(stdout)).get(120, TimeUnit.SECONDS);
            Matcher ready = READY.matcher(readyLine);
            if (!ready.matches()) {
                throw new IllegalStateException("The gateway did not start: " + readyLine);
            }
            return new GatewayProcess(process, directory, ready.group(1));
        } catch (Exception | Error e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /**
     * Launches the gateway with {@code yaml} as its configuration without waiting for anything, its standard output
     * going to {@code stdout} and its console (standard error) to {@code gateway.err} in {@code directory}: for a
     * start that is meant to fail.
     */
    public static Process launch(Path directory, String yaml, ProcessBuilder.Redirect stdout) throws IOException {
        Path config = directory.resolve("sluice.yaml");
        Files.writeString(config, yaml);
        ProcessBuilder builder = new ProcessBuilder(
                        PROJECT_ROOT.resolve("bin/sluice-gateway").toString(), "--config", config.toString())
                .redirectOutput(stdout)
                .redirectError(directory.resolve("gateway.err").toFile());
        builder.environment().put("SLUICE_SKIP_BUILD", "1");
        builder.environment().put("SLUICE_LOG_DIR", directory.toString());
        return builder.start();
    }

    public String jdbcUrl() {
        return jdbcUrl;
    }

    /** The port the gateway listens on, from its JDBC URL. */
    public int port() {
        return Integer.parseInt(jdbcUrl.substring(jdbcUrl.lastIndexOf(':') + 1));
    }

    /** Sends SIGTERM and waits up to 60 s for the gateway to exit; true if it did. */
    public boolean stop() throws InterruptedException {
        process.destroy();
        return process.waitFor(60, TimeUnit.SECONDS);
    }

    /** What the gateway wrote to its log file. */
    public String log() throws IOException {
        return Files.readString(directory.resolve("sluice-gateway.log"));
    }

    /** What the gateway wrote to its console (standard error): the start-up summary among others. */
    public String console() throws IOException {
        return Files.readString(directory.resolve("gateway.err"));
    }

    /** The lines of {@code log} at WARN or ERROR. */
    public static List<String> warningsAndErrors(String log) {
        return log.lines()
                .filter(line -> line.contains(" WARN ") || line.contains(" ERROR "))
                .toList();
    }

    /** The REST address of the embedded cluster (which also serves Flink's dashboard), from the start-up summary. */
    public URI embeddedClusterRest() throws IOException {
        Matcher dashboard = DASHBOARD.matcher(Files.readString(directory.resolve("gateway.err")));
        if (!dashboard.find()) {
            throw new IllegalStateException("The start-up summary names no dashboard");
        }
        return URI.create(dashboard.group(1));
    }

    /** Stops the gateway with SIGTERM and returns everything it logged: the log file, then the console. */
    public String stopAndReadLogs() throws IOException, InterruptedException {
        if (!stop()) {
            throw new IllegalStateException("The gateway did not stop within 60 s of SIGTERM");
        }
        return log() + console();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private static String readyLine(BufferedReader reader) {
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("Sluice gateway ready")) {
                    return line;
                }
            }
            return "(the gateway exited before it was ready)";
        } catch (IOException e) {
            return "(reading the gateway's output failed: " + e + ")";
        }
    }
}
