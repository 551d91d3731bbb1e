package dev.sluice.bench.perf;

import dev.sluice.bench.workload.SystemKind;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sluice-perf}: the command-line front end of a perf run. */
@Command(
        name = "sluice-perf",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Runs one SQL query back to back on a JDBC URL at a given concurrency and reports queries/s, rows/s and"
                    + " latency percentiles (avg, p50, p95, p99, p99.9, max) with the errors, like Kafka's perf tools.",
            "Works with any JDBC driver on the class path: Sluice (jdbc:sluice://), Flink's (jdbc:flink://), Avatica's"
                    + " (jdbc:avatica:remote:url=...).",
        },
        footer = {
            "",
            "Examples:",
            "  sluice-perf --url jdbc:sluice://127.0.0.1:8765 --query wordcount --concurrency 8 --duration 30s",
            "  sluice-perf --url jdbc:sluice://127.0.0.1:8765 --query 'select 1' --setup none --count 1000 --json",
            "  sluice-perf --url jdbc:sluice://127.0.0.1:8765 --query bulk --count 3 --warmup 1",
            "  sluice-perf --url jdbc:sluice://127.0.0.1:8765 --query bulk-blackhole --count 3 --warmup 1",
            "  sluice-perf --url jdbc:sluice://127.0.0.1:8765 --workload bi --query point-lookup --size large"
                    + " --table-form parquet --mode both --data-dir /srv/bench --duration 30s",
        })
public final class SluicePerf implements Callable<Integer> {
    @Option(names = "--url", required = true, description = "JDBC URL to drive.")
    String url = "";

    @Option(
            names = "--query",
            required = true,
            description =
                    "A reference query by name (source, wordcount, join; bulk, bulk-blackhole), jdbc:getTables (DatabaseMetaData"
                            + ".getTables(null, null, \"%%\", null), every table of every catalog) or any SQL text;"
                            + " with --workload, one of its query kinds (bi: top-customers, region-month-revenue,"
                            + " returned-share, point-lookup, dashboard-filter).")
    String query = "";

    @Option(
            names = "--setup",
            description = "File of SQL statements (separated by ';') run once per connection. Default: the reference"
                    + " DDL (tables table1..table3) when --query names a reference query, else none. 'none' for none.")
    @Nullable
    String setup;

    @Option(
            names = "--bulk-rows",
            defaultValue = "500000",
            description = "Rows of the bulk table (BIGINT, STRING(16), DOUBLE, DECIMAL(12,2), TIMESTAMP(3) from"
                    + " datagen) that the queries bulk (select * from big) and bulk-blackhole (insert into a blackhole"
                    + " table: the cluster's own time) read.")
    long bulkRows = ReferenceQueries.DEFAULT_BULK_ROWS;

    @Option(names = "--concurrency", defaultValue = "1", description = "Connections, each on its own thread.")
    int concurrency;

    @Option(names = "--count", description = "Measured queries in total (this or --duration).")
    long count;

    @Option(names = "--duration", description = "Measured time, e.g. 30s or 2m (this or --count).")
    @Nullable
    String duration;

    @Option(
            names = "--warmup",
            defaultValue = "0",
            description = "Queries to run and discard first: a count (e.g. 50) or a time (e.g. 10s).")
    String warmup = "0";

    @Option(
            names = "--property",
            description = "A connection property key=value; repeatable (e.g. user=me, cluster=embedded).")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(
            names = "--serialization",
            description = "The encoding of the Avatica protocol the driver speaks: protobuf or json. Default: the"
                    + " driver's own (protobuf for Sluice's). Only for jdbc:sluice: and jdbc:avatica: URLs; the same as"
                    + " --property serialization=..., so give one or the other.")
    @Nullable
    Serialization serialization;

    @Option(
            names = "--progress-interval",
            defaultValue = "5s",
            description = "How often a progress line goes to stderr.")
    String progressInterval = "5s";

    @Option(
            names = "--result-cache",
            defaultValue = "off",
            description = "off (the default): each Sluice connection turns the gateway's result cache off for itself"
                    + " (sluice.result-cache.enabled=false), so that a repeated query runs its job and the run"
                    + " measures the engine; on: the gateway's own setting applies. Ignored for jdbc:flink: URLs.")
    String resultCache = "off";

    @Option(names = "--json", description = "Print the result as one line of JSON instead of text.")
    boolean json;

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Option(
            names = "--system",
            description = "With --workload: which system's variant of its statements to run, sluice or stock (the"
                    + " stock gateway creates shared catalogs per connection). Default: stock for jdbc:flink: URLs,"
                    + " else sluice.")
    @Nullable
    SystemKind system;

    /** Where the workload's data goes without --data-dir. */
    static final Path DEFAULT_DATA_DIRECTORY = Path.of("target", "sluice-perf", "data");

    /** The encodings of the Avatica protocol, as the driver's {@code serialization} property names them. */
    enum Serialization {
        PROTOBUF,
        JSON;

        String propertyValue() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The connection property that chooses the encoding, in Sluice's driver and Avatica's alike. */
    static final String SERIALIZATION_PROPERTY = "serialization";
    /** The connection property that turns the gateway's result cache off for one connection. */
    static final String RESULT_CACHE_PROPERTY = "sluice.result-cache.enabled";

    private final PrintStream out;
    private final PrintStream err;

    SluicePerf(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine commandLine = new CommandLine(new SluicePerf(out, err));
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setOut(new java.io.PrintWriter(out, true));
        commandLine.setErr(new java.io.PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        if (workload.given()) {
            return runWorkload();
        }
        PerfConfig config;
        try {
            config = config();
        } catch (IllegalArgumentException | IOException e) {
            err.println("sluice-perf: " + e.getMessage());
            return 2;
        }
        PerfReport report = new PerfRun(config, err).run();
        out.println(json ? report.toJson() : report.toText());
        return report.queries() == 0 && report.errors() > 0 ? 1 : 0;
    }

    /** Writes the workload's data, prepares its tables, then runs the query kind in each mode. */
    private int runWorkload() throws Exception {
        WorkloadSelection selection;
        SystemKind target;
        List<PerfConfig> configs = new ArrayList<>();
        try {
            if (setup != null) {
                throw new IllegalArgumentException(
                        "--setup does not go with --workload, whose table form sets each connection up");
            }
            selection = workload.select(DEFAULT_DATA_DIRECTORY);
            target = system == null ? SystemKind.ofUrl(url) : system;
            if (selection.modes().contains(QueryMode.PREPARED) && url.startsWith("jdbc:flink:")) {
                throw new IllegalArgumentException("Flink's JDBC driver has no PreparedStatement"
                        + " (FlinkConnection#prepareStatement is not supported); use --mode literal");
            }
            for (QueryMode mode : selection.modes()) {
                configs.add(config(selection.query(query, mode), selection.setup(target)));
            }
        } catch (IllegalArgumentException | IOException e) {
            err.println("sluice-perf: " + e.getMessage());
            return 2;
        }
        err.println("sluice-perf: " + selection.describe() + ", the " + target.label() + " variant");
        selection.writeDataFiles();
        List<String> prepare = selection.tableForm().prepareFor(target);
        if (selection.prepare() && !prepare.isEmpty()) {
            try {
                Duration took = TablePreparation.run(url, configs.get(0).connectionProperties(), prepare);
                err.printf(
                        Locale.ROOT,
                        "Prepared the %s tables in %.1f s%n",
                        selection.tableForm().name(),
                        took.toNanos() / 1e9);
            } catch (SQLException e) {
                err.println("sluice-perf: " + e.getMessage());
                return 1;
            }
        }
        int exit = 0;
        for (PerfConfig config : configs) {
            PerfReport report = new PerfRun(config, err).run();
            out.println(json ? report.toJson() : report.toText());
            if (report.queries() == 0 && report.errors() > 0) {
                exit = 1;
            }
        }
        return exit;
    }

    PerfConfig config() throws IOException {
        String sql = ReferenceQueries.find(query).orElse(query);
        List<String> setupStatements;
        if (setup == null) {
            setupStatements =
                    ReferenceQueries.find(query).isPresent() ? ReferenceQueries.setupFor(query, bulkRows) : List.of();
        } else if (setup.equals("none")) {
            setupStatements = List.of();
        } else {
            setupStatements = Arrays.stream(Files.readString(Path.of(setup)).split(";"))
                    .map(String::strip)
                    .filter(statement -> !statement.isEmpty())
                    .toList();
        }
        return config(PerfQuery.of(query, sql), setupStatements);
    }

    private PerfConfig config(PerfQuery perfQuery, List<String> setupStatements) {
        long warmupCount = 0;
        Duration warmupDuration = Duration.ZERO;
        if (warmup.chars().allMatch(Character::isDigit)) {
            warmupCount = Long.parseLong(warmup);
        } else {
            warmupDuration = parseDuration("--warmup", warmup);
        }
        return new PerfConfig(
                url,
                perfQuery,
                setupStatements,
                concurrency,
                count,
                duration == null ? null : parseDuration("--duration", duration),
                warmupCount,
                warmupDuration,
                connectionProperties(),
                parseDuration("--progress-interval", progressInterval));
    }

    /**
     * The {@code --property} pairs, with {@code --serialization} as the driver's property when given and the result
     * cache off unless {@code --result-cache on}.
     */
    private Map<String, String> connectionProperties() {
        Map<String, String> withCache = new LinkedHashMap<>(properties);
        boolean avatica = url.startsWith("jdbc:sluice:") || url.startsWith("jdbc:avatica:");
        switch (resultCache) {
            case "on" -> {}
            case "off" -> {
                if (avatica) {
                    withCache.putIfAbsent(RESULT_CACHE_PROPERTY, "false");
                }
            }
            default -> throw new IllegalArgumentException("--result-cache is on or off, was '" + resultCache + "'");
        }
        if (serialization == null) {
            return withCache;
        }
        if (!avatica) {
            throw new IllegalArgumentException(
                    "--serialization applies to the Avatica protocol (jdbc:sluice: or jdbc:avatica: URLs), not to "
                            + url);
        }
        if (properties.containsKey(SERIALIZATION_PROPERTY)) {
            throw new IllegalArgumentException(
                    "give either --serialization or --property " + SERIALIZATION_PROPERTY + "=..., not both");
        }
        withCache.put(SERIALIZATION_PROPERTY, serialization.propertyValue());
        return withCache;
    }

    /** Parses {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}. */
    static Duration parseDuration(String option, String text) {
        java.util.regex.Matcher matcher =
                java.util.regex.Pattern.compile("(\\d+)\\s*(ms|s|m|h)").matcher(text.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException(
                    option + " must be a number with a unit ms, s, m or h (e.g. 30s), was '" + text + "'");
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }
}
