package dev.sluice.bench.compare;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The stock Flink SQL Gateway of the same Flink version, in its own JVM, submitting to the same session cluster, in
 * batch mode (as Sluice's sessions run). Its class path is {@code benchmarks/target/stock-flink-lib}.
 */
final class StockFlinkGateway implements AutoCloseable {
    private final ManagedProcess process;
    private final int port;

    private StockFlinkGateway(ManagedProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /** @param jobYaml flat Flink settings appended to the gateway's configuration: its jobs are submitted with them */
    static StockFlinkGateway start(
            Path projectRoot, Path directory, int clusterRestPort, int port, List<String> jvmFlags, String jobYaml)
            throws IOException, InterruptedException {
        Path conf = Files.createDirectories(directory.resolve("conf"));
        Files.writeString(conf.resolve("config.yaml"), """
                # the stock SQL Gateway of sluice-compare: same cluster, batch mode like Sluice's sessions
                jobmanager.rpc.address: 127.0.0.1
                rest.address: 127.0.0.1
                rest.port: %d
                execution.target: remote
                execution.runtime-mode: batch
                sql-gateway.endpoint.type: rest
                sql-gateway.endpoint.rest.address: 127.0.0.1
                sql-gateway.endpoint.rest.bind-address: 127.0.0.1
                sql-gateway.endpoint.rest.port: %d
                """.formatted(clusterRestPort, port) + jobYaml);
        Files.writeString(conf.resolve("log4j2.properties"), """
                rootLogger.level = WARN
                rootLogger.appenderRef.console.ref = Console
                appender.console.name = Console
                appender.console.type = CONSOLE
                appender.console.layout.type = PatternLayout
                appender.console.layout.pattern = %d %-5p %c - %m%n
                """);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmFlags);
        command.add("-Dlog4j.configurationFile=file:" + conf.resolve("log4j2.properties"));
        command.add("-cp");
        command.add(projectRoot.resolve("benchmarks/target/stock-flink-lib").toAbsolutePath() + "/*");
        command.add("org.apache.flink.table.gateway.SqlGateway");
        ManagedProcess process = ManagedProcess.start(
                "stock Flink SQL Gateway",
                command,
                Map.of("FLINK_CONF_DIR", conf.toString()),
                directory.resolve("sql-gateway.out"));
        StockFlinkGateway gateway = new StockFlinkGateway(process, port);
        try {
            gateway.awaitReady(Duration.ofSeconds(120));
        } catch (InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
        return gateway;
    }

    private void awaitReady(Duration timeout) throws InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        URI info = URI.create("http://127.0.0.1:" + port + "/v1/info");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> response =
                        http.send(HttpRequest.newBuilder(info).GET().build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(300);
        }
        throw new IllegalStateException("The stock SQL Gateway did not answer " + info + " within " + timeout);
    }

    String jdbcUrl() {
        return "jdbc:flink://127.0.0.1:" + port;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
