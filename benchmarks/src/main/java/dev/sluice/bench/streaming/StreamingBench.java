package dev.sluice.bench.streaming;

import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A streaming query against a running gateway, measured as issue #29 sets its goals: how long after the job made a row
 * the reader has it, whether the gateway's heap stays flat while wide rows stream for a while, whether another
 * connection's {@code SELECT 1} keeps its usual time meanwhile, and how long after {@code Statement.cancel()} the job
 * is {@code CANCELED} on the cluster.
 *
 * <p>The source is an unbounded {@code datagen} table of {@code --row-length} characters per row at {@code
 * --rows-per-second}; each row carries the time the job's projection made it ({@code CURRENT_TIMESTAMP}, evaluated
 * per row in streaming mode), read against the reader's clock on the same machine. The heap is read from the
 * gateway's {@code /metrics} ({@code jvm_memory_used_bytes{area="heap"}}) once per probe interval, the lowest of each
 * minute standing for the heap after collection.
 */
@Command(
        name = "sluice-streaming-bench",
        mixinStandardHelpOptions = true,
        description =
                "A streaming query through a running Sluice gateway: delivery latency, the gateway's heap, another"
                        + " connection's SELECT 1, and the time from Statement.cancel() to the job's CANCELED.")
public final class StreamingBench implements Callable<Integer> {
    private static final Pattern HEAP =
            Pattern.compile("^jvm_memory_used_bytes\\{area=\"heap\"} ([0-9.Ee+]+)$", Pattern.MULTILINE);

    @Option(names = "--url", required = true, description = "The gateway's JDBC URL (jdbc:sluice://HOST:PORT).")
    private String url;

    @Option(names = "--metrics", description = "The gateway's metrics URL; default: http://HOST:PORT/metrics of --url.")
    private String metricsUrl;

    @Option(names = "--rows-per-second", defaultValue = "2", description = "Rows the source makes per second.")
    private long rowsPerSecond;

    @Option(names = "--row-length", defaultValue = "4000", description = "Characters of each row's string column.")
    private int rowLength;

    @Option(names = "--duration", defaultValue = "60s", description = "How long the query is read (e.g. 60s, 10m).")
    private String duration;

    @Option(names = "--probe-interval", defaultValue = "1s", description = "How often SELECT 1 and the heap are read.")
    private String probeInterval;

    private final PrintStream out = System.out;

    public static void main(String[] args) {
        System.exit(new CommandLine(new StreamingBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Duration readFor = parse(duration);
        Duration probeEvery = parse(probeInterval);
        String metrics = metricsUrl != null ? metricsUrl : metricsOf(url);
        Histogram delivery = new Histogram(3_600_000L, 3);
        Histogram probes = new Histogram(3_600_000L, 3);
        List<Long> heapSamples = new ArrayList<>();
        AtomicBoolean reading = new AtomicBoolean(true);
        ExecutorService background = Executors.newSingleThreadExecutor();
        try (Connection reader = DriverManager.getConnection(url);
                Connection prober = DriverManager.getConnection(url);
                Statement setup = reader.createStatement();
                Statement query = reader.createStatement()) {
            setup.execute("SET 'execution.runtime-mode' = 'streaming'");
            // the query runs as long as it is read, past the gateway's default query timeout if need be
            setup.execute("SET 'sluice.query.timeout' = '" + (readFor.toSeconds() + 300) + " s'");
            setup.execute("create temporary table sluice_stream (id BIGINT, s STRING) with ('connector' = 'datagen',"
                    + " 'rows-per-second' = '" + rowsPerSecond + "', 'fields.s.length' = '" + rowLength + "')");
            Future<?> probing =
                    background.submit(() -> probe(prober, metrics, probeEvery, reading, probes, heapSamples));
            long started = System.nanoTime();
            long firstRowNanos = -1;
            long rows = 0;
            try (ResultSet results = query.executeQuery(
                    "select id, char_length(s) as length, s, CURRENT_TIMESTAMP as made from sluice_stream")) {
                long deadline = started + readFor.toNanos();
                while (System.nanoTime() < deadline && results.next()) {
                    long now = System.currentTimeMillis();
                    if (firstRowNanos < 0) {
                        firstRowNanos = System.nanoTime() - started;
                    }
                    Timestamp made = results.getTimestamp("made");
                    delivery.recordValue(Math.max(0, now - made.getTime()));
                    rows++;
                }
                reading.set(false);
                probing.get();
                Optional<String> job = runningJob(prober);
                long cancelStart = System.nanoTime();
                query.cancel();
                Duration cancelled =
                        job.map(id -> awaitCanceled(prober, id, cancelStart)).orElse(null);
                report(rows, firstRowNanos, delivery, probes, heapSamples, probeEvery, job, cancelled);
            }
        } finally {
            reading.set(false);
            background.shutdownNow();
        }
        return 0;
    }

    private void probe(
            Connection prober,
            String metrics,
            Duration every,
            AtomicBoolean reading,
            Histogram probes,
            List<Long> heapSamples) {
        HttpClient http = HttpClient.newHttpClient();
        while (reading.get()) {
            long start = System.nanoTime();
            try (Statement statement = prober.createStatement();
                    ResultSet one = statement.executeQuery("select 1")) {
                one.next();
                probes.recordValue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                String text = http.send(
                                HttpRequest.newBuilder(URI.create(metrics)).build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body();
                Matcher heap = HEAP.matcher(text);
                if (heap.find()) {
                    synchronized (heapSamples) {
                        heapSamples.add((long) Double.parseDouble(heap.group(1)));
                    }
                }
                Thread.sleep(Math.max(0, every.toMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                out.println("probe failed: " + e.getMessage());
            }
        }
    }

    /** The streaming job: the one RUNNING job of the cluster (the bench expects no other). */
    private static Optional<String> runningJob(Connection prober) throws SQLException {
        List<String> running = new ArrayList<>();
        try (Statement statement = prober.createStatement();
                ResultSet jobs = statement.executeQuery("SHOW JOBS")) {
            while (jobs.next()) {
                if ("RUNNING".equals(jobs.getString("status"))) {
                    running.add(jobs.getString("job id"));
                }
            }
        }
        return running.size() == 1 ? Optional.of(running.get(0)) : Optional.empty();
    }

    /** The time from {@code cancelStart} until {@code SHOW JOBS} says the job is CANCELED (polled every 50 ms). */
    private static Duration awaitCanceled(Connection prober, String jobId, long cancelStart) {
        long deadline = cancelStart + TimeUnit.SECONDS.toNanos(60);
        try {
            while (System.nanoTime() < deadline) {
                try (Statement statement = prober.createStatement();
                        ResultSet jobs = statement.executeQuery("SHOW JOBS")) {
                    while (jobs.next()) {
                        if (jobId.equals(jobs.getString("job id")) && "CANCELED".equals(jobs.getString("status"))) {
                            return Duration.ofNanos(System.nanoTime() - cancelStart);
                        }
                    }
                }
                Thread.sleep(50);
            }
        } catch (SQLException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    private void report(
            long rows,
            long firstRowNanos,
            Histogram delivery,
            Histogram probes,
            List<Long> heapSamples,
            Duration probeEvery,
            Optional<String> job,
            Duration cancelled) {
        out.printf("read %d rows of %d characters in %s at %d rows/s%n", rows, rowLength, duration, rowsPerSecond);
        out.printf("first row %.0f ms after executeQuery (the job's start included)%n", firstRowNanos / 1e6);
        out.printf(
                "delivery (row made -> row read) ms: p50 %d, p99 %d, max %d%n",
                delivery.getValueAtPercentile(50), delivery.getValueAtPercentile(99), delivery.getMaxValue());
        out.printf(
                "another connection's SELECT 1 ms: p50 %d, p99 %d, max %d (%d probes)%n",
                probes.getValueAtPercentile(50),
                probes.getValueAtPercentile(99),
                probes.getMaxValue(),
                probes.getTotalCount());
        List<Long> samples;
        synchronized (heapSamples) {
            samples = List.copyOf(heapSamples);
        }
        int perMinute = (int) Math.max(1, Duration.ofMinutes(1).toMillis() / probeEvery.toMillis());
        List<String> minutes = new ArrayList<>();
        for (int from = 0; from < samples.size(); from += perMinute) {
            long lowest = samples.subList(from, Math.min(samples.size(), from + perMinute)).stream()
                    .mapToLong(Long::longValue)
                    .min()
                    .orElse(0);
            minutes.add(lowest / (1024 * 1024) + " MB");
        }
        out.println("gateway heap, lowest per minute: " + String.join(", ", minutes));
        out.println("cancel -> job CANCELED: "
                + (job.isEmpty()
                        ? "no single running job found"
                        : cancelled == null ? "not within 60 s" : cancelled.toMillis() + " ms"));
    }

    private static String metricsOf(String jdbcUrl) {
        Matcher address = Pattern.compile("jdbc:sluice://([^/;?]+)").matcher(jdbcUrl);
        if (!address.find()) {
            throw new IllegalArgumentException(
                    "Cannot tell the gateway's address from " + jdbcUrl + "; give --metrics");
        }
        return "http://" + address.group(1) + "/metrics";
    }

    private static Duration parse(String text) {
        Matcher matcher = Pattern.compile("(\\d+)(ms|s|m)").matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("A duration is a number and ms, s or m (60s, 10m); was " + text);
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            default -> Duration.ofMinutes(amount);
        };
    }
}
