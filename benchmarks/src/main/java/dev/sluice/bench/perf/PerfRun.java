package dev.sluice.bench.perf;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.jspecify.annotations.Nullable;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import static java.util.Objects.requireNonNull;

/**
 * Runs one perf run: {@code concurrency} threads, each with its own JDBC connection (set up once), run the query
 * back to back and read every row; each thread has its own {@link QueryRunner}, and so its own parameter values. Latencies of the measured phase go into an HdrHistogram; warm-up queries are run
 * and discarded first.
 */
public final class PerfRun {
    /** The --query that calls {@code DatabaseMetaData.getTables(null, null, "%", null)} instead of running SQL. */
    public static final String GET_TABLES = "jdbc:getTables";

    private static final long HIGHEST_MICROS = Duration.ofMinutes(10).toNanos() / 1000;
    // the gateway reads a job's lifetime from the cluster after the job's end: within a few hundred ms
    private static final Duration JOB_LIFETIME_ARRIVAL = Duration.ofSeconds(1);
    // the URLs of the gateway whose SHOW QUERY HISTORY has the jobs' lifetimes
    private static final String SLUICE_URL_PREFIX = "jdbc:sluice:";

    private final PerfConfig config;
    private final PrintStream progress;
    private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);
    private final Histogram total = new Histogram(HIGHEST_MICROS, 3);
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong warmupDone = new AtomicLong();
    private final AtomicLong measuredClaimed = new AtomicLong();
    private final ErrorSummary errors = new ErrorSummary();
    private final long startNanos = System.nanoTime();
    private volatile long measureStartNanos = Long.MAX_VALUE;

    private final Runnable onMeasurementStart;
    // each worker's connection at the end of the run, kept open to read its query history
    private final List<EndedWorker> endedWorkers = new ArrayList<>();

    /** A worker's last connection, and how many measured queries it ran on it. */
    private record EndedWorker(Connection connection, long measuredQueries) {}

    PerfRun(PerfConfig config, PrintStream progress) {
        this(config, progress, () -> {});
    }

    /** @param onMeasurementStart runs once when warm-up ends and measuring starts (for example to sample CPU) */
    public PerfRun(PerfConfig config, PrintStream progress, Runnable onMeasurementStart) {
        this.config = requireNonNull(config, "config is null");
        this.progress = requireNonNull(progress, "progress is null");
        this.onMeasurementStart = requireNonNull(onMeasurementStart, "onMeasurementStart is null");
    }

    /** Runs to the end and reports the measured phase. */
    public PerfReport run() throws InterruptedException {
        if (config.warmupCount() == 0 && config.warmupDuration().isZero()) {
            startMeasuring();
        }
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < config.concurrency(); i++) {
            QueryRunner runner = config.query().runner(i);
            Thread worker = new Thread(() -> work(runner), "sluice-perf-" + i);
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
        }
        long nextProgress = System.nanoTime() + config.progressInterval().toNanos();
        for (Thread worker : workers) {
            while (worker.isAlive()) {
                worker.join(200);
                if (System.nanoTime() >= nextProgress) {
                    printProgress();
                    nextProgress += config.progressInterval().toNanos();
                }
            }
        }
        long end = System.nanoTime();
        synchronized (total) {
            total.add(recorder.getIntervalHistogram());
        }
        Duration elapsed =
                measureStartNanos == Long.MAX_VALUE ? Duration.ZERO : Duration.ofNanos(end - measureStartNanos);
        HistoryPhases history = readHistory();
        return PerfReport.of(config, total, rows.get(), bytes.get(), errors, elapsed, history);
    }

    /**
     * The phases of the measured queries from each connection's {@code SHOW QUERY HISTORY}, after the run's clock
     * stopped; the connections are closed after. A gateway learns a job's lifetime shortly after the client's answer,
     * so the last query's is given a moment to arrive.
     */
    private HistoryPhases readHistory() throws InterruptedException {
        HistorySamples samples = new HistorySamples();
        List<EndedWorker> ended;
        synchronized (endedWorkers) {
            ended = List.copyOf(endedWorkers);
            endedWorkers.clear();
        }
        // only a Sluice gateway has SHOW QUERY HISTORY; another gateway (stock Flink's) would answer with an error
        if (ended.isEmpty()
                || !config.query().tracedInHistory()
                || !config.url().startsWith(SLUICE_URL_PREFIX)) {
            ended.forEach(worker -> closeQuietly(worker.connection()));
            return HistoryPhases.NONE;
        }
        Thread.sleep(JOB_LIFETIME_ARRIVAL.toMillis());
        String failure = null;
        for (EndedWorker worker : ended) {
            try {
                samples.readHistory(worker.connection(), config.query(), worker.measuredQueries());
            } catch (SQLException | RuntimeException e) {
                failure = e.getMessage();
            } finally {
                closeQuietly(worker.connection());
            }
        }
        if (failure != null) {
            progress.println("Phases not read from every connection's SHOW QUERY HISTORY: " + failure);
        }
        return samples.summary();
    }

    private void work(QueryRunner runner) {
        Connection connection = null;
        long measuredOnConnection = 0;
        try {
            while (true) {
                if (connection == null) {
                    // opening a connection and its setup are not part of any query's latency
                    connection = connectOrRecord();
                    measuredOnConnection = 0;
                    if (connection == null) {
                        // a failed connection counts as a query, so a run against a dead gateway still ends
                        long now = System.nanoTime();
                        if (inWarmup(now)) {
                            finishWarmupQuery(now);
                        } else if (!claimMeasuredQuery(now)) {
                            return;
                        }
                        continue;
                    }
                }
                long queryStart = System.nanoTime();
                if (!inWarmup(queryStart) && !claimMeasuredQuery(queryStart)) {
                    return;
                }
                try {
                    RowsRead read = runner.run(connection);
                    long end = System.nanoTime();
                    if (queryStart >= measureStartNanos) {
                        recorder.recordValue(Math.min(HIGHEST_MICROS, (end - queryStart) / 1000));
                        measuredOnConnection++;
                        rows.addAndGet(read.rows());
                        bytes.addAndGet(read.bytes());
                    } else {
                        finishWarmupQuery(end);
                    }
                } catch (SQLException | RuntimeException e) {
                    if (queryStart >= measureStartNanos) {
                        errors.record(e);
                    } else {
                        finishWarmupQuery(System.nanoTime());
                    }
                    if (isConnectionFailure(e)) {
                        closeQuietly(connection);
                        connection = null;
                    }
                }
            }
        } finally {
            if (connection != null) {
                synchronized (endedWorkers) {
                    endedWorkers.add(new EndedWorker(connection, measuredOnConnection));
                }
            }
        }
    }

    /** A connection with the setup run, or null after recording why it could not be opened. */
    private @Nullable Connection connectOrRecord() {
        try {
            return connect();
        } catch (SQLException | RuntimeException e) {
            errors.record(e);
            pauseAfterConnectFailure();
            return null;
        }
    }

    /** A gateway that refuses connections should not be hammered in a tight loop. */
    private static void pauseAfterConnectFailure() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean inWarmup(long now) {
        return now < measureStartNanos;
    }

    private void finishWarmupQuery(long now) {
        long done = warmupDone.incrementAndGet();
        if (done >= config.warmupCount()
                && now - startNanos >= config.warmupDuration().toNanos()) {
            startMeasuring();
        }
    }

    private synchronized void startMeasuring() {
        if (measureStartNanos == Long.MAX_VALUE) {
            recorder.reset();
            measureStartNanos = System.nanoTime();
            onMeasurementStart.run();
        }
    }

    private boolean claimMeasuredQuery(long now) {
        Duration duration = config.duration();
        if (duration != null) {
            return now - measureStartNanos < duration.toNanos();
        }
        return measuredClaimed.incrementAndGet() <= config.count();
    }

    private Connection connect() throws SQLException {
        Connection connection = DriverManager.getConnection(config.url(), config.connectionProperties());
        try (Statement statement = connection.createStatement()) {
            for (String sql : config.setup()) {
                statement.execute(sql);
            }
        } catch (SQLException | RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
        return connection;
    }

    private void printProgress() {
        Histogram interval = recorder.getIntervalHistogram();
        synchronized (total) {
            total.add(interval);
        }
        double seconds = config.progressInterval().toNanos() / 1e9;
        String phase = measureStartNanos == Long.MAX_VALUE ? "warm-up" : "measuring";
        progress.printf(
                Locale.ROOT,
                "%s: %.0f s elapsed, %d queries measured, last interval %.1f queries/s, p50 %.1f ms, p99 %.1f ms,"
                        + " %d errors%n",
                phase,
                (System.nanoTime() - startNanos) / 1e9,
                total.getTotalCount(),
                interval.getTotalCount() / seconds,
                interval.getValueAtPercentile(50) / 1000.0,
                interval.getValueAtPercentile(99) / 1000.0,
                errors.count());
    }

    private static boolean isConnectionFailure(Exception e) {
        return e instanceof SQLException sql
                        && sql.getSQLState() != null
                        && sql.getSQLState().startsWith("08")
                || e instanceof RuntimeException;
    }

    private static void closeQuietly(@Nullable Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            // the connection is broken anyway; a new one is opened for the next query
        }
    }
}
