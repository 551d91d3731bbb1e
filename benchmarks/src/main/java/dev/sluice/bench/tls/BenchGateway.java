package dev.sluice.bench.tls;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A gateway in its own JVM (bin/sluice-gateway), with TLS through one provider or plaintext, and no cluster: the
 * benchmark's requests are answered by the gateway itself. Its CPU time is read from the OS.
 */
final class BenchGateway implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("Sluice gateway ready: jdbc:sluice://[^:]+:(\\d+)");

    private final Process process;
    private final int port;

    private BenchGateway(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static BenchGateway start(Path projectRoot, Path directory, Provider provider, BenchCertificates certificates)
            throws IOException, InterruptedException {
        Files.createDirectories(directory);
        Path config = directory.resolve("sluice.yaml");
        String tls = provider == Provider.PLAINTEXT
                ? "      enabled: false\n"
                : "      enabled: true\n      provider: " + provider.name() + "\n      certificate: \""
                        + certificates.certificate() + "\"\n      private-key: \"" + certificates.key() + "\"\n";
        Files.writeString(
                config,
                "sluice:\n  server:\n    port: 0\n  clusters: [none]\n  cluster:\n    none:\n      type: REMOTE\n"
                        + "      rest-address: 127.0.0.1:1\n  security:\n    ssl:\n" + tls);
        Path output = directory.resolve("gateway.out");
        ProcessBuilder builder = new ProcessBuilder(
                        List.of(projectRoot.resolve("bin/sluice-gateway").toString(), "--config", config.toString()))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().put("SLUICE_SKIP_BUILD", "1");
        builder.environment().put("SLUICE_LOG_DIR", directory.toString());
        Process process = builder.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            Matcher ready = READY.matcher(Files.readString(output));
            if (ready.find()) {
                return new BenchGateway(process, Integer.parseInt(ready.group(1)));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("The gateway exited with " + process.exitValue() + "; see " + output);
            }
            Thread.sleep(100);
        }
        process.destroyForcibly();
        throw new IllegalStateException("The gateway was not ready within 90 s; see " + output);
    }

    int port() {
        return port;
    }

    /** CPU time the gateway's JVM used so far. */
    Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
