package dev.sluice.bench.tls;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sluice-tls-bench}: the transport benchmark (a program, not a timed test). */
@Command(
        name = "sluice-tls-bench",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Measures the driver-to-gateway transport: responses of each size through the Avatica protocol (a SET that"
                    + " lists a padded session option, answered by the gateway without a Flink job), with plaintext,"
                    + " JDK TLS and OpenSSL TLS on both ends, at each concurrency, with keep-alive and with a new"
                    + " connection (and TLS handshake) per request.",
            "Starts one gateway JVM per provider (bin/sluice-gateway, no cluster) and prints Markdown tables: req/s,"
                    + " MB/s of values, p50/p99, CPU seconds per GB (gateway + driver), and the ratios OPENSSL/JDK and"
                    + " TLS/plaintext. Run it on an otherwise idle machine.",
        },
        footer = {
            "",
            "Examples:",
            "  bin/sluice-tls-bench",
            "  bin/sluice-tls-bench --sizes 1024 --providers JDK,OPENSSL --concurrency 16 --measure 5s",
        })
public final class TransportBench implements Callable<Integer> {
    @Option(names = "--sizes", split = ",", defaultValue = "1024,10240,512000", description = "Response sizes, bytes.")
    List<Integer> sizes = new ArrayList<>();

    @Option(
            names = "--providers",
            split = ",",
            defaultValue = "PLAINTEXT,JDK,OPENSSL",
            description = "Transports: PLAINTEXT, JDK, OPENSSL.")
    List<Provider> providers = new ArrayList<>();

    @Option(names = "--concurrency", split = ",", defaultValue = "1,16", description = "Connections, one thread each.")
    List<Integer> concurrency = new ArrayList<>();

    @Option(
            names = "--modes",
            split = ",",
            defaultValue = "keep-alive,new-connection",
            description = "keep-alive and/or new-connection (a connection and handshake per request).")
    List<String> modes = new ArrayList<>();

    @Option(names = "--warmup", defaultValue = "3s", description = "Unmeasured time per cell, e.g. 3s.")
    String warmup = "3s";

    @Option(names = "--measure", defaultValue = "10s", description = "Measured time per cell, e.g. 10s.")
    String measure = "10s";

    @Option(names = "--work-dir", defaultValue = "target/tls-bench", description = "Certificates, configs and logs.")
    Path workDirectory = Path.of("target/tls-bench");

    @Option(names = "--output", description = "Also write the Markdown tables to this file.")
    Path output;

    @Option(names = "--project-root", defaultValue = ".", description = "Sluice's root (where bin/ is).")
    Path projectRoot = Path.of(".");

    private final PrintStream err = System.err;

    public static void main(String[] args) {
        System.exit(new CommandLine(new TransportBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Duration warmupTime = parse(warmup);
        Duration measureTime = parse(measure);
        BenchCertificates certificates = BenchCertificates.create(workDirectory.resolve("certificates"));
        Map<Cell, CellResult> results = new LinkedHashMap<>();
        for (Provider provider : providers) {
            try (BenchGateway gateway = BenchGateway.start(
                    projectRoot.toAbsolutePath(),
                    workDirectory.resolve(provider.name().toLowerCase(java.util.Locale.ROOT)),
                    provider,
                    certificates)) {
                for (int size : sizes) {
                    for (int threads : concurrency) {
                        for (String mode : modes) {
                            Cell cell = new Cell(provider, size, threads, mode.equals("keep-alive"));
                            String url = url(gateway, cell, certificates);
                            int padding = (int) Math.max(0, size - CellRun.baselineBytes(url));
                            err.printf("%s %d B, concurrency %d, %s...%n", provider, size, threads, cell.mode());
                            CellResult result = new CellRun(url, cell, padding).run(gateway, warmupTime, measureTime);
                            results.put(cell, result);
                            err.printf(
                                    "  %.0f req/s, %.1f MB/s%n",
                                    result.requestsPerSecond(), result.megabytesPerSecond());
                        }
                    }
                }
            }
        }
        String report = TransportReport.render(results, warmupTime, measureTime);
        System.out.println(report);
        if (output != null) {
            Files.writeString(output, report, StandardCharsets.UTF_8);
        }
        return 0;
    }

    private static String url(BenchGateway gateway, Cell cell, BenchCertificates certificates) {
        StringBuilder url = new StringBuilder("jdbc:sluice://localhost:" + gateway.port());
        if (cell.provider() != Provider.PLAINTEXT) {
            url.append(";ssl=true;ssl_provider=")
                    .append(cell.provider())
                    .append(";ssl_ca=")
                    .append(certificates.ca());
        }
        url.append(";keep_alive=").append(cell.keepAlive());
        url.append(";pool_max_connections=").append(Math.max(16, cell.concurrency()));
        return url.toString();
    }

    private static Duration parse(String text) {
        return Duration.parse("PT" + text.toUpperCase(java.util.Locale.ROOT));
    }
}
