package dev.sluice.bench.fastpath;

import dev.sluice.bench.compare.ManagedProcess;
import dev.sluice.bench.perf.PerfConfig;
import dev.sluice.bench.perf.PerfReport;
import dev.sluice.bench.perf.PerfRun;
import dev.sluice.bench.perf.ReferenceQueries;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts one gateway on its embedded cluster and measures, in one run:
 *
 * <ol>
 *   <li>{@code SELECT 1} and {@code getTables} (answered in the gateway, no job) at each concurrency, through
 *       Sluice's driver and the stock Avatica driver, alternating the two drivers round by round so neither always
 *       runs on a colder gateway; the last round is reported;
 *   <li>the plan phase of each reference query, with the plan cache off (every run plans) and on (one miss per
 *       connection, then hits), read from the gateway's {@code sluice_planning_seconds} histogram.
 * </ol>
 */
@Command(
        name = "sluice-fastpath-bench",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Statements without a job (SELECT 1, getTables) through Sluice's and the stock Avatica driver, and the"
                    + " plan phase with the plan cache hit versus miss, against one gateway on its embedded cluster."
        })
public final class FastPathBench implements Callable<Integer> {
    private static final Pattern READY = Pattern.compile("Sluice gateway ready: (jdbc:sluice://\\S+)");

    @Option(names = "--concurrency", split = ",", description = "Concurrency levels of the no-job statements.")
    List<Integer> concurrencies = List.of(1, 16);

    @Option(names = "--rounds", description = "Rounds over drivers and statements; the last is reported.")
    int rounds = 2;

    @Option(names = "--warmup", description = "Warm-up per cell.")
    Duration warmup = Duration.ofSeconds(3);

    @Option(names = "--duration", description = "Measured time per cell.")
    Duration duration = Duration.ofSeconds(10);

    @Option(names = "--tables", description = "Tables each connection creates, for getTables to list.")
    int tables = 20;

    @Option(names = "--plan-queries", description = "Runs per reference query and plan cache setting.")
    int planQueries = 30;

    @Option(names = "--work-dir", description = "Where the gateway's configuration and logs go.")
    Path workDir = Path.of(System.getProperty("java.io.tmpdir"), "sluice-fastpath-bench");

    private final PrintStream out = System.out;
    private final PrintStream err = System.err;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FastPathBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Path projectRoot =
                Path.of(System.getenv().getOrDefault("SLUICE_HOME", ".")).toAbsolutePath();
        Files.createDirectories(workDir);
        Path config = workDir.resolve("sluice.yaml");
        Files.writeString(config, """
                sluice:
                  server:
                    port: 0
                  embedded:
                    task-slots: 4
                """);
        Instant started = Instant.now();
        try (ManagedProcess gateway = ManagedProcess.start(
                "Sluice gateway",
                List.of(projectRoot.resolve("bin/sluice-gateway").toString(), "--config", config.toString()),
                Map.of("SLUICE_SKIP_BUILD", "1", "SLUICE_LOG_DIR", workDir.toString()),
                workDir.resolve("gateway.out"))) {
            String sluiceUrl = gateway.awaitOutput(READY, Duration.ofMinutes(3));
            String httpAddress = "http://" + sluiceUrl.substring("jdbc:sluice://".length());
            String avaticaUrl = "jdbc:avatica:remote:url=" + httpAddress + ";serialization=PROTOBUF";
            out.printf("## Statements without a job, and the plan cache (%s)%n%n", started);
            out.printf(
                    "One gateway on its embedded cluster; per cell %s warm-up and %s measured; %d rounds alternating"
                            + " the drivers, the last reported; getTables lists %d tables per connection.%n%n",
                    warmup, duration, rounds, tables);
            noJobStatements(sluiceUrl, avaticaUrl);
            planCache(sluiceUrl, httpAddress);
        }
        return 0;
    }

    private void noJobStatements(String sluiceUrl, String avaticaUrl) throws InterruptedException {
        List<String> setup = new ArrayList<>();
        for (int i = 0; i < tables; i++) {
            setup.add("create temporary table t" + i + " (id INT, name STRING, amount DECIMAL(10, 2)) with"
                    + " ('connector' = 'datagen', 'number-of-rows' = '1')");
        }
        Map<String, String> statements = Map.of("select 1", "select 1", "getTables", PerfRun.GET_TABLES);
        List<String[]> rows = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            rows.clear();
            boolean sluiceFirst = round % 2 == 1;
            for (String name : List.of("select 1", "getTables")) {
                for (int concurrency : concurrencies) {
                    PerfReport first =
                            run(sluiceFirst ? sluiceUrl : avaticaUrl, name, statements.get(name), setup, concurrency);
                    PerfReport second =
                            run(sluiceFirst ? avaticaUrl : sluiceUrl, name, statements.get(name), setup, concurrency);
                    PerfReport sluice = sluiceFirst ? first : second;
                    PerfReport avatica = sluiceFirst ? second : first;
                    rows.add(new String[] {
                        name,
                        String.valueOf(concurrency),
                        cells(sluice),
                        cells(avatica),
                        String.format("%.2fx", sluice.queriesPerSecond() / avatica.queriesPerSecond())
                    });
                }
            }
        }
        out.println(
                "| statement | concurrency | Sluice driver: q/s, p50 ms, p99 ms | stock Avatica driver: q/s, p50 ms,"
                        + " p99 ms | q/s Sluice/Avatica |");
        out.println("|---|---|---|---|---|");
        for (String[] row : rows) {
            out.println("| " + String.join(" | ", row) + " |");
        }
        out.println();
    }

    private void planCache(String sluiceUrl, String httpAddress) throws Exception {
        out.println("Plan phase per reference query (mean ms from sluice_planning_seconds, job plans), concurrency 1,"
                + " " + planQueries + " runs per setting:");
        out.println();
        out.println("| query | cache off: planned | cache on: miss (first run) | cache on: hit | planned / hit |");
        out.println("|---|---|---|---|---|");
        for (String query : List.of("source", "wordcount", "join")) {
            String sql = ReferenceQueries.find(query).orElseThrow();
            Map<String, double[]> before = planning(httpAddress);
            runCounted(sluiceUrl + ";sluice.plan-cache.enabled=false", query, sql, planQueries);
            Map<String, double[]> off = planning(httpAddress);
            runCounted(sluiceUrl, query, sql, planQueries);
            Map<String, double[]> on = planning(httpAddress);
            double planned = mean(before, off, "skip");
            double miss = mean(off, on, "miss");
            double hit = mean(off, on, "hit");
            out.printf("| %s | %.2f | %.2f | %.2f | %.0fx |%n", query, planned, miss, hit, planned / hit);
        }
        out.println();
    }

    private PerfReport run(String url, String label, String sql, List<String> setup, int concurrency)
            throws InterruptedException {
        err.printf("%s at concurrency %d on %s ...%n", label, concurrency, url);
        PerfConfig config = new PerfConfig(
                url, label, sql, setup, concurrency, 0, duration, 0, warmup, Map.of(), Duration.ofMinutes(10));
        PerfReport report = new PerfRun(config, err, () -> {}).run();
        if (report.errors() > 0) {
            throw new IllegalStateException(label + " on " + url + " failed: " + report.firstErrors());
        }
        return report;
    }

    /**
     * {@code count} runs on one connection (with the reference tables), counted rather than timed: the plan phase is
     * what is read here.
     */
    private void runCounted(String url, String label, String sql, long count) throws InterruptedException {
        err.printf("%s, %d runs on one connection to %s ...%n", label, count, url);
        PerfConfig config = new PerfConfig(
                url,
                label,
                sql,
                ReferenceQueries.SETUP,
                1,
                count,
                null,
                0,
                Duration.ZERO,
                Map.of(),
                Duration.ofMinutes(10));
        PerfReport report = new PerfRun(config, err, () -> {}).run();
        if (report.errors() > 0) {
            throw new IllegalStateException(label + " on " + url + " failed: " + report.firstErrors());
        }
    }

    private static String cells(PerfReport report) {
        return String.format("%,.0f, %.2f, %.2f", report.queriesPerSecond(), report.p50Millis(), report.p99Millis());
    }

    private static final Pattern PLANNING =
            Pattern.compile("(?m)^sluice_planning_seconds_(sum|count)\\{cache=\"(\\w+)\",plan=\"job\"} ([0-9.eE+-]+)$");

    /** Sum and count of the job plan phase per cache result, from the gateway's metrics. */
    private static Map<String, double[]> planning(String httpAddress) throws IOException, InterruptedException {
        String metrics = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(httpAddress + "/metrics"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        Map<String, double[]> byResult = new java.util.HashMap<>();
        Matcher matcher = PLANNING.matcher(metrics);
        while (matcher.find()) {
            double[] sumAndCount = byResult.computeIfAbsent(matcher.group(2), result -> new double[2]);
            sumAndCount[matcher.group(1).equals("sum") ? 0 : 1] = Double.parseDouble(matcher.group(3));
        }
        return byResult;
    }

    /** Mean ms of {@code result} between two scrapes; NaN when there was none. */
    private static double mean(Map<String, double[]> before, Map<String, double[]> after, String result) {
        double[] start = before.getOrDefault(result, new double[2]);
        double[] end = after.getOrDefault(result, new double[2]);
        double count = end[1] - start[1];
        return count == 0 ? Double.NaN : (end[0] - start[0]) * 1000 / count;
    }
}
