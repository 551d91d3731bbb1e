package dev.sluice.bench.compare;

import dev.sluice.bench.perf.ReferenceQueries;
import dev.sluice.bench.perf.WorkloadOptions;
import dev.sluice.bench.perf.WorkloadSelection;
import dev.sluice.bench.workload.SystemKind;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sluice-compare}: starts one standalone Flink session cluster, the stock Flink SQL Gateway and the Sluice
 * gateway on it, then runs the reference queries, or the query kinds of a workload, at each concurrency against both
 * systems, alternating which goes first, and prints Markdown tables with QPS, latency, errors and CPU per query of
 * every server, and the phases of Sluice's queries.
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
        },
        footer = {
            "",
            "Examples:",
            "  sluice-compare --queries source,wordcount,join --concurrency 1,32",
            "  sluice-compare --workload bi --size large --table-form parquet --queries point-lookup,dashboard-filter"
                    + " --mode both --concurrency 1,8",
        })
public final class SluiceCompare implements Callable<Integer> {
    /** Flink's client: a fixed 100 ms between polls of a job's result. */
    private static final String FIXED_DELAY_YAML = """
            collect-strategy:
              type: fixed-delay
              fixed-delay:
                delay: 100 ms
            """;

    private static final List<String> DEFAULT_QUERIES = List.of("source", "wordcount", "join");

    @Option(
            names = "--queries",
            split = ",",
            description = "Reference queries to run: source, wordcount, join (the default); bulk (select * from a table"
                    + " of --bulk-rows rows) and bulk-blackhole (the same rows into a blackhole table: the cluster's"
                    + " own time). With --workload, its query kinds (default: all of them).")
    @Nullable
    List<String> queries;

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

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
            names = "--result-cache",
            defaultValue = "off",
            description = "on or off: whether every Sluice gateway of the run may answer a repeated query from its"
                    + " result cache. Off by default, so that the run compares engines (stock has no result cache);"
                    + " on measures what a dashboard that repeats its queries gets.")
    String resultCache = "off";

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
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        System.exit(commandLine.execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (!List.of("stock", "no-reuse", "fixed-delay").contains(baseline)) {
            err.println("sluice-compare: --baseline must be stock, no-reuse or fixed-delay, was '" + baseline + "'");
            return 2;
        }
        Path work = Files.createDirectories(workDirectory.toAbsolutePath());
        SystemKind baselineKind = baseline.equals("stock") ? SystemKind.STOCK : SystemKind.SLUICE;
        Profile profile;
        WorkloadSelection selection = null;
        List<ComparedQuery> compared;
        try {
            profile = readProfile();
            resultCacheOn();
            extraConfig();
            if (workload.given()) {
                selection = workload.select(work.resolve("data"));
                compared = ComparedQueries.workload(
                        selection,
                        queries == null
                                ? List.copyOf(selection.workload().queries().keySet())
                                : queries,
                        baselineKind);
            } else {
                compared = ComparedQueries.reference(queries == null ? DEFAULT_QUERIES : queries, bulkRows);
            }
        } catch (IllegalArgumentException e) {
            err.println("sluice-compare: " + e.getMessage());
            return 2;
        }
        Duration duration = Duration.ofSeconds(full ? 60 : durationSeconds);
        Duration warmup = Duration.ofSeconds(full ? 15 : warmupSeconds);
        Path projectRoot =
                Path.of(System.getenv().getOrDefault("SLUICE_HOME", ".")).toAbsolutePath();
        List<String> jvmFlags = Arrays.stream(
                        System.getenv().getOrDefault("SLUICE_JVM_OPENS", "").split(" "))
                .filter(flag -> !flag.isBlank())
                .toList();
        Instant started = Instant.now();

        FlinkLocalCluster cluster = FlinkLocalCluster.start(
                projectRoot,
                work.resolve("flink-cluster"),
                slots,
                clusterPushSink,
                profile.cluster(),
                clusterJvmOpts,
                err);
        String jobYaml = profile.job() == null ? "" : profile.job().toYaml();
        // what every Sluice gateway needs for the workload's tables; the stock gateway reads them without a policy
        String workloadYaml = selection == null ? "" : WorkloadTables.sluiceYaml(selection);
        try (cluster;
                BaselineSystem other =
                        startBaseline(projectRoot, work, cluster.restPort(), jvmFlags, jobYaml, workloadYaml);
                SluiceGateway sluice = SluiceGateway.start(
                        projectRoot,
                        work.resolve("sluice-gateway"),
                        cluster.restPort(),
                        true,
                        resultCacheOn(),
                        jobYaml + workloadYaml + extraConfig())) {
            long jobManager = cluster.jobManagerPid();
            long taskManager = cluster.taskManagerPid();
            err.printf(
                    "Cluster: JobManager PID %d, TaskManager PID %d (%d slots); Sluice at %s (PID %d); %s at %s"
                            + " (PID %d)%n",
                    jobManager,
                    taskManager,
                    slots,
                    sluice.jdbcUrl(),
                    sluice.pid(),
                    other.label(),
                    other.jdbcUrl(),
                    other.pid());
            String workloadParagraph = "";
            if (selection != null) {
                try {
                    workloadParagraph =
                            WorkloadTables.prepare(selection, sluice.jdbcUrl(), other, CompareTable.SLUICE, err);
                } catch (SQLException e) {
                    err.println("sluice-compare: " + e.getMessage());
                    return 1;
                }
            }
            List<CompareCell> cells = measureAll(
                    compared, new CellMeasurement(err, jobManager, taskManager), sluice, other, duration, warmup);
            String report = header(started, duration, warmup, other.label())
                    + profile.describe(clusterJvmOpts)
                    + workloadParagraph
                    + CompareTable.render(
                            cells, compared.stream().map(ComparedQuery::label).toList(), concurrencies, other.label())
                    + PhasesTable.render(cells);
            out.println(report);
            if (output != null) {
                Files.writeString(output, report, StandardCharsets.UTF_8);
            }
        }
        return 0;
    }

    /**
     * The cluster's warm-up with each query on each side, then every cell: per query and concurrency, both sides, the
     * side that goes first alternating.
     */
    private List<CompareCell> measureAll(
            List<ComparedQuery> compared,
            CellMeasurement measurement,
            SluiceGateway sluice,
            BaselineSystem other,
            Duration duration,
            Duration warmup)
            throws InterruptedException {
        if (clusterWarmupSeconds > 0) {
            for (ComparedQuery query : compared) {
                measurement.warmUp(
                        CompareTable.SLUICE, sluice.jdbcUrl(), query, true, Duration.ofSeconds(clusterWarmupSeconds));
                measurement.warmUp(
                        other.label(), other.jdbcUrl(), query, false, Duration.ofSeconds(clusterWarmupSeconds));
            }
        }
        List<CompareCell> cells = new ArrayList<>();
        for (int q = 0; q < compared.size(); q++) {
            for (int c = 0; c < concurrencies.size(); c++) {
                // alternates across queries and across concurrency levels alike, so that no concurrency level is
                // always measured with the same system first (with an even number of levels, alternating by cell
                // index would do exactly that)
                List<Boolean> order = (q + c) % 2 == 0 ? List.of(true, false) : List.of(false, true);
                for (boolean onSluice : order) {
                    cells.add(measurement.measure(
                            onSluice ? CompareTable.SLUICE : other.label(),
                            onSluice ? sluice.jdbcUrl() : other.jdbcUrl(),
                            onSluice ? sluice.pid() : other.pid(),
                            compared.get(q),
                            onSluice,
                            concurrencies.get(c),
                            duration,
                            warmup));
                }
            }
        }
        return cells;
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

    /**
     * @param jobYaml the job-side Flink settings, the same for both systems
     * @param workloadYaml what a Sluice gateway needs for the workload's tables, for a Sluice baseline
     */
    private BaselineSystem startBaseline(
            Path projectRoot,
            Path work,
            int clusterRestPort,
            List<String> jvmFlags,
            String jobYaml,
            String workloadYaml)
            throws IOException, InterruptedException {
        if (baseline.equals("stock")) {
            StockFlinkGateway stock = StockFlinkGateway.start(
                    projectRoot,
                    work.resolve("stock-gateway"),
                    clusterRestPort,
                    FlinkLocalCluster.freePort(),
                    jvmFlags,
                    jobYaml);
            return BaselineSystem.of("stock Flink", stock.jdbcUrl(), stock.pid(), SystemKind.STOCK, stock::close);
        }
        boolean fixedDelay = baseline.equals("fixed-delay");
        SluiceGateway other = fixedDelay
                ? SluiceGateway.start(
                        projectRoot,
                        work.resolve("sluice-fixed-delay"),
                        clusterRestPort,
                        true,
                        resultCacheOn(),
                        jobYaml + workloadYaml + FIXED_DELAY_YAML)
                : SluiceGateway.start(
                        projectRoot,
                        work.resolve("sluice-no-reuse"),
                        clusterRestPort,
                        false,
                        resultCacheOn(),
                        jobYaml + workloadYaml);
        String label = fixedDelay ? "Sluice, fixed-delay 100 ms" : "Sluice, reuse off";
        return BaselineSystem.of(label, other.jdbcUrl(), other.pid(), SystemKind.SLUICE, other::close);
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
        String extra = sluiceExtraConfig == null ? "" : Files.readString(sluiceExtraConfig);
        if (extra.contains("result-cache.enabled")) {
            // the configuration would name the key twice, and which one wins would not be plain from the command
            throw new IllegalArgumentException(
                    "--sluice-extra-config " + sluiceExtraConfig + " sets result-cache.enabled; use --result-cache");
        }
        return extra;
    }

    private boolean resultCacheOn() {
        return switch (resultCache) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("--result-cache is on or off, was '" + resultCache + "'");
        };
    }
}
