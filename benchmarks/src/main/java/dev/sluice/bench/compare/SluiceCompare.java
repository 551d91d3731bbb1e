package dev.sluice.bench.compare;

import dev.sluice.bench.perf.PerfConfig;
import dev.sluice.bench.perf.PerfReport;
import dev.sluice.bench.perf.PerfRun;
import dev.sluice.bench.perf.ReferenceQueries;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code sluice-compare}: starts one standalone Flink session cluster, the stock Flink SQL Gateway and the Sluice
 * gateway on it, then runs the reference queries at each concurrency against both systems, alternating which goes
 * first, and prints Markdown tables with QPS, latency, errors and CPU per query of every server.
 */
@Command(
        name = "sluice-compare",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Sluice versus the stock Flink SQL Gateway + Flink JDBC driver, side by side on one standalone Flink"
                    + " session cluster (JobManager and TaskManager in their own JVMs), in one run.",
        })
public final class SluiceCompare implements Callable<Integer> {
    /** Flink's client: a fixed 100 ms between polls of a job's result. */
    private static final String FIXED_DELAY_YAML = """
            collect-strategy:
              type: fixed-delay
              fixed-delay:
                delay: 100 ms
            """;

    private static final Pattern SLUICE_READY = Pattern.compile("^Sluice gateway ready: (\\S+)$", Pattern.MULTILINE);

    @Option(
            names = "--queries",
            split = ",",
            description =
                    "Reference queries to run: source, wordcount, join; bulk (select * from a table of --bulk-rows"
                            + " rows) and bulk-blackhole (the same rows into a blackhole table: the cluster's own time).")
    List<String> queries = List.of("source", "wordcount", "join");

    @Option(
            names = "--bulk-rows",
            defaultValue = "500000",
            description = "Rows of the bulk table (BIGINT, STRING(16), DOUBLE, DECIMAL(12,2), TIMESTAMP(3)).")
    long bulkRows = ReferenceQueries.DEFAULT_BULK_ROWS;

    @Option(names = "--concurrency", split = ",", description = "Concurrency levels.")
    List<Integer> concurrencies = List.of(1, 32, 64, 128);

    @Option(names = "--duration", description = "Measured time per system and cell, in seconds.")
    int durationSeconds = 15;

    @Option(names = "--warmup", description = "Warm-up time per system and cell, in seconds.")
    int warmupSeconds = 5;

    @Option(
            names = "--cluster-warmup",
            description = "Before the first measured cell, each query runs unmeasured on each system at concurrency 1"
                    + " for this many seconds, so that no cell measures a cold JobManager or TaskManager (class"
                    + " loading, JIT compilation), which would bias whichever system happens to go first.")
    int clusterWarmupSeconds = 15;

    @Option(names = "--full", description = "Full mode: 60 s measured and 15 s warm-up per system and cell.")
    boolean full;

    @Option(
            names = "--baseline",
            description = "What Sluice is compared with: 'stock' (the stock Flink SQL Gateway with Flink's JDBC driver)"
                    + ", 'no-reuse' (a second Sluice gateway with sluice.cluster.reuse=false, to measure reuse)"
                    + " or 'fixed-delay' (a second Sluice gateway polling results every 100 ms as Flink's client"
                    + " does, to measure the collect strategy).")
    String baseline = "stock";

    @Option(
            names = "--sluice-extra-config",
            description = "A YAML file appended to the configuration of the measured Sluice gateway (not the baseline),"
                    + " to measure an option's effect, e.g. another collect strategy.")
    Path sluiceExtraConfig;

    @Option(
            names = "--cluster-push-sink",
            description = "Put Sluice's push sink on the cluster's class path (bin/flink-local-cluster --push-sink), so"
                    + " that pushed queries need not ship its jar; pair it with a --sluice-extra-config that sets"
                    + " sluice.cluster.standalone.push-sink-installed: true.")
    boolean clusterPushSink;

    @Option(
            names = "--cluster-config",
            description = "A file of flat Flink settings (key: value a line) laid over the cluster's configuration"
                    + " (bin/flink-local-cluster --config); repeatable. For cluster-side options, read by the"
                    + " JobManager and TaskManager: jobstore.*, rest.server.numThreads, pekko.framesize, ...")
    List<Path> clusterConfigs = List.of();

    @Option(
            names = "--cluster-jvm-opts",
            description = "JVM flags of the cluster's JobManager and TaskManager in place of -XX:+UseG1GC"
                    + " (bin/flink-local-cluster --jvm-opts), e.g. '-XX:+UseZGC -XX:ReservedCodeCacheSize=512m'.")
    String clusterJvmOpts;

    @Option(
            names = "--job-config",
            description = "A file of flat Flink settings (key: value a line) that both gateways compile and submit"
                    + " their jobs with: appended to the stock gateway's Flink configuration and to every Sluice"
                    + " gateway's configuration (its Flink options). For job-side options: restart-strategy.*,"
                    + " execution.batch-shuffle-mode, pipeline.*, ...")
    Path jobConfig;

    @Option(names = "--slots", description = "Task slots of the TaskManager.")
    int slots = 8;

    @Option(names = "--work-dir", description = "Where configuration, logs and PIDs go.")
    Path workDirectory = Path.of("target", "sluice-compare");

    @Option(names = "--output", description = "Also write the Markdown report to this file.")
    Path output;

    private final PrintStream out;
    private final PrintStream err;

    SluiceCompare(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        CommandLine commandLine = new CommandLine(new SluiceCompare(System.out, System.err));
        System.exit(commandLine.execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (!List.of("stock", "no-reuse", "fixed-delay").contains(baseline)) {
            err.println("sluice-compare: --baseline must be stock, no-reuse or fixed-delay, was '" + baseline + "'");
            return 2;
        }
        for (String query : queries) {
            if (ReferenceQueries.find(query).isEmpty()) {
                err.println("sluice-compare: unknown query '" + query + "'; reference queries are "
                        + ReferenceQueries.names());
                return 2;
            }
        }
        Profile profile;
        try {
            profile = readProfile();
        } catch (IllegalArgumentException e) {
            err.println("sluice-compare: " + e.getMessage());
            return 2;
        }
        Duration duration = Duration.ofSeconds(full ? 60 : durationSeconds);
        Duration warmup = Duration.ofSeconds(full ? 15 : warmupSeconds);
        Path projectRoot =
                Path.of(System.getenv().getOrDefault("SLUICE_HOME", ".")).toAbsolutePath();
        Path work = Files.createDirectories(workDirectory.toAbsolutePath());
        List<String> jvmFlags = Arrays.stream(
                        System.getenv().getOrDefault("SLUICE_JVM_OPENS", "").split(" "))
                .filter(flag -> !flag.isBlank())
                .toList();
        Instant started = Instant.now();

        int clusterRestPort = freePort();
        Path clusterDirectory = work.resolve("flink-cluster");
        List<String> clusterArguments = new ArrayList<>(List.of(
                "start",
                "--rest-port",
                String.valueOf(clusterRestPort),
                "--rpc-port",
                String.valueOf(freePort()),
                "--slots",
                String.valueOf(slots),
                "--dir",
                clusterDirectory.toString()));
        if (clusterPushSink) {
            clusterArguments.add("--push-sink");
        }
        for (FlinkSettingsFile file : profile.cluster()) {
            clusterArguments.addAll(
                    List.of("--config", file.file().toAbsolutePath().toString()));
        }
        if (clusterJvmOpts != null) {
            clusterArguments.addAll(List.of("--jvm-opts", clusterJvmOpts));
        }
        runScript(projectRoot, "flink-local-cluster", clusterArguments.toArray(String[]::new));
        String jobYaml = profile.job() == null ? "" : profile.job().toYaml();
        try (BaselineSystem other = startBaseline(projectRoot, work, clusterRestPort, jvmFlags, jobYaml);
                ManagedProcess sluice = startSluice(
                        projectRoot, work.resolve("sluice-gateway"), clusterRestPort, true, jobYaml + extraConfig())) {
            String sluiceUrl = sluice.awaitOutput(SLUICE_READY, Duration.ofSeconds(120));
            long jobManager = readPid(clusterDirectory.resolve("jobmanager.pid"));
            long taskManager = readPid(clusterDirectory.resolve("taskmanager.pid"));
            err.printf(
                    "Cluster: JobManager PID %d, TaskManager PID %d (%d slots); Sluice at %s (PID %d); %s at %s"
                            + " (PID %d)%n",
                    jobManager,
                    taskManager,
                    slots,
                    sluiceUrl,
                    sluice.pid(),
                    other.label(),
                    other.jdbcUrl(),
                    other.pid());

            if (clusterWarmupSeconds > 0) {
                for (String query : queries) {
                    for (String system : List.of(CompareTable.SLUICE, other.label())) {
                        warmUp(system, system.equals(CompareTable.SLUICE) ? sluiceUrl : other.jdbcUrl(), query);
                    }
                }
            }
            List<CompareCell> cells = new ArrayList<>();
            for (int q = 0; q < queries.size(); q++) {
                String query = queries.get(q);
                for (int c = 0; c < concurrencies.size(); c++) {
                    int concurrency = concurrencies.get(c);
                    // alternates across queries and across concurrency levels alike, so that no concurrency level is
                    // always measured with the same system first (with an even number of levels, alternating by cell
                    // index would do exactly that)
                    List<String> order = (q + c) % 2 == 0
                            ? List.of(CompareTable.SLUICE, other.label())
                            : List.of(other.label(), CompareTable.SLUICE);
                    for (String system : order) {
                        boolean isSluice = system.equals(CompareTable.SLUICE);
                        cells.add(measure(
                                system,
                                isSluice ? sluiceUrl : other.jdbcUrl(),
                                isSluice ? sluice.pid() : other.pid(),
                                jobManager,
                                taskManager,
                                query,
                                concurrency,
                                duration,
                                warmup));
                    }
                }
            }
            String report = header(started, duration, warmup, other.label())
                    + profile.describe(clusterJvmOpts)
                    + CompareTable.render(cells, queries, concurrencies, other.label());
            out.println(report);
            if (output != null) {
                Files.writeString(output, report, StandardCharsets.UTF_8);
            }
        } finally {
            runScript(projectRoot, "flink-local-cluster", "stop", "--dir", clusterDirectory.toString());
        }
        return 0;
    }

    /** Runs {@code query} on one system at concurrency 1 for the cluster warm-up, and forgets the figures. */
    private void warmUp(String system, String url, String query) throws InterruptedException {
        err.printf("%s: warming the cluster up with %s for %d s ...%n", system, query, clusterWarmupSeconds);
        PerfReport report = new PerfRun(
                        new PerfConfig(
                                url,
                                query,
                                ReferenceQueries.find(query).orElseThrow(),
                                ReferenceQueries.setupFor(query, bulkRows),
                                1,
                                0,
                                Duration.ofSeconds(clusterWarmupSeconds),
                                0,
                                Duration.ZERO,
                                Map.of(),
                                Duration.ofSeconds(30)),
                        err,
                        () -> {})
                .run();
        err.printf("  warm-up done: %d queries, %d errors%n", report.queries(), report.errors());
    }

    private CompareCell measure(
            String system,
            String url,
            long gatewayPid,
            long jobManagerPid,
            long taskManagerPid,
            String query,
            int concurrency,
            Duration duration,
            Duration warmup)
            throws InterruptedException {
        err.printf("%s: %s at concurrency %d ...%n", system, query, concurrency);
        PerfConfig config = new PerfConfig(
                url,
                query,
                ReferenceQueries.find(query).orElseThrow(),
                ReferenceQueries.setupFor(query, bulkRows),
                concurrency,
                0,
                duration,
                0,
                warmup,
                Map.of(),
                Duration.ofSeconds(30));
        long[] pids = {gatewayPid, jobManagerPid, taskManagerPid};
        ProcessCpu.Sample[] atStart = new ProcessCpu.Sample[3];
        PerfReport report = new PerfRun(config, err, () -> {
                    for (int i = 0; i < pids.length; i++) {
                        try {
                            atStart[i] = ProcessCpu.of(pids[i]);
                        } catch (RuntimeException e) {
                            // its cell shows no CPU for this process; say why rather than print a silent 0
                            err.printf("warning: no CPU sample of process %d: %s%n", pids[i], e.getMessage());
                        }
                    }
                })
                .run();
        ProcessCpu.Sample[] used = new ProcessCpu.Sample[3];
        for (int i = 0; i < pids.length; i++) {
            used[i] = atStart[i] == null
                    ? new ProcessCpu.Sample(Duration.ZERO, Duration.ZERO)
                    : ProcessCpu.of(pids[i]).minus(atStart[i]);
        }
        err.println("  " + report.toText().replace("\n", "\n  "));
        return new CompareCell(system, query, concurrency, report, used[0], used[1], used[2]);
    }

    private String header(Instant started, Duration duration, Duration warmup, String baselineLabel) {
        return String.format(
                Locale.ROOT,
                "### Sluice vs " + baselineLabel + "%n%n"
                        + "Run %s, %d min. Machine: %d cores, %d GiB. One standalone Flink session cluster: 1"
                        + " JobManager, 1 TaskManager with %d slots, batch mode for both systems. Per system and cell:"
                        + " %d s warm-up, then %d s measured; the system that goes first alternates per query and per"
                        + " concurrency level, after %d s of each query on each system to warm the cluster up. CPU is"
                        + " per successful query, from /proc of each server process; \"w/o JIT\" leaves out the"
                        + " JVM's JIT compiler threads, the cluster's warm-up rather than a query's cost.%n",
                started,
                Duration.between(started, Instant.now()).toMinutes(),
                Runtime.getRuntime().availableProcessors(),
                Math.round(totalMemoryGib()),
                slots,
                warmup.toSeconds(),
                duration.toSeconds(),
                clusterWarmupSeconds);
    }

    private static double totalMemoryGib() {
        try {
            String line = Files.readAllLines(Path.of("/proc/meminfo")).get(0);
            return Long.parseLong(line.replaceAll("\\D+", "")) / 1024.0 / 1024.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** The system on the other side of the comparison. */
    private interface BaselineSystem extends AutoCloseable {
        String label();

        String jdbcUrl();

        long pid();

        @Override
        void close() throws InterruptedException;
    }

    /** @param jobYaml the job-side Flink settings, the same for both systems */
    private BaselineSystem startBaseline(
            Path projectRoot, Path work, int clusterRestPort, List<String> jvmFlags, String jobYaml)
            throws IOException, InterruptedException {
        if (baseline.equals("stock")) {
            StockFlinkGateway stock = StockFlinkGateway.start(
                    projectRoot, work.resolve("stock-gateway"), clusterRestPort, freePort(), jvmFlags, jobYaml);
            return baselineOf("stock Flink", stock.jdbcUrl(), stock.pid(), stock::close);
        }
        boolean fixedDelay = baseline.equals("fixed-delay");
        ManagedProcess other = fixedDelay
                ? startSluice(
                        projectRoot,
                        work.resolve("sluice-fixed-delay"),
                        clusterRestPort,
                        true,
                        jobYaml + FIXED_DELAY_YAML)
                : startSluice(projectRoot, work.resolve("sluice-no-reuse"), clusterRestPort, false, jobYaml);
        try {
            String url = other.awaitOutput(SLUICE_READY, Duration.ofSeconds(120));
            String label = fixedDelay ? "Sluice, fixed-delay 100 ms" : "Sluice, reuse off";
            return baselineOf(label, url, other.pid(), other::close);
        } catch (IOException | InterruptedException | RuntimeException e) {
            other.close();
            throw e;
        }
    }

    /** Closing a baseline stops its process. */
    private interface Stopper {
        void stop() throws InterruptedException;
    }

    private static BaselineSystem baselineOf(String label, String url, long pid, Stopper stopper) {
        return new BaselineSystem() {
            @Override
            public String label() {
                return label;
            }

            @Override
            public String jdbcUrl() {
                return url;
            }

            @Override
            public long pid() {
                return pid;
            }

            @Override
            public void close() throws InterruptedException {
                stopper.stop();
            }
        };
    }

    private Profile readProfile() throws IOException {
        List<FlinkSettingsFile> cluster = new ArrayList<>();
        for (Path file : clusterConfigs) {
            cluster.add(FlinkSettingsFile.read(file));
        }
        FlinkSettingsFile job = jobConfig == null ? null : FlinkSettingsFile.read(jobConfig);
        if (job != null) {
            String reserved = job.firstKeyIn(Profile.KEYS_THE_COMPARISON_SETS);
            if (reserved != null) {
                throw new IllegalArgumentException("--job-config " + jobConfig + " sets " + reserved
                        + ", which the comparison sets itself (it keeps " + Profile.KEYS_THE_COMPARISON_SETS
                        + " for both gateways); put Sluice's own options in --sluice-extra-config");
            }
        }
        return new Profile(cluster, job);
    }

    private String extraConfig() throws IOException {
        return sluiceExtraConfig == null ? "" : Files.readString(sluiceExtraConfig);
    }

    /** @param extraYaml top-level YAML appended to the gateway's configuration */
    private ManagedProcess startSluice(
            Path projectRoot, Path directory, int clusterRestPort, boolean reuse, String extraYaml) throws IOException {
        Files.createDirectories(directory);
        Path config = directory.resolve("sluice.yaml");
        Files.writeString(config, """
                sluice:
                  server:
                    port: 0
                  clusters: [standalone]
                  cluster:
                    reuse: %s
                    standalone:
                      type: REMOTE
                      rest-address: 127.0.0.1:%d
                """.formatted(reuse, clusterRestPort) + extraYaml);
        return ManagedProcess.start(
                "Sluice gateway",
                List.of(projectRoot.resolve("bin/sluice-gateway").toString(), "--config", config.toString()),
                Map.of("SLUICE_SKIP_BUILD", "1", "SLUICE_LOG_DIR", directory.toString()),
                directory.resolve("gateway.out"));
    }

    private void runScript(Path projectRoot, String script, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(projectRoot.resolve("bin").resolve(script).toString());
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("SLUICE_SKIP_BUILD", "1");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(180, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(
                    "bin/" + script + " " + String.join(" ", arguments) + " failed:\n" + output);
        }
        err.print(output);
    }

    private static long readPid(Path file) throws IOException {
        return Long.parseLong(Files.readString(file).strip());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
