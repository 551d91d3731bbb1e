package dev.sluice.bench.tls;

import org.HdrHistogram.Recorder;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs one cell: {@code concurrency} threads, each with its own JDBC connection, send {@code SET} (which lists the
 * session's options, the padded one among them) back to back. The gateway answers it without a Flink job, so the
 * transport is what is measured: one Avatica request and one response of about the cell's size per query.
 */
final class CellRun {
    /** The option whose value pads the response to the cell's size. */
    static final String PADDING_KEY = "bench.padding";

    private static final long HIGHEST_MICROS = 60_000_000;

    private final String url;
    private final Cell cell;
    private final int paddingBytes;

    CellRun(String url, Cell cell, int paddingBytes) {
        this.url = url;
        this.cell = cell;
        this.paddingBytes = paddingBytes;
    }

    CellResult run(BenchGateway gateway, Duration warmup, Duration measure) throws Exception {
        Recorder recorder = new Recorder(HIGHEST_MICROS, 3);
        LongAdder requests = new LongAdder();
        LongAdder bytes = new LongAdder();
        List<Connection> connections = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(cell.concurrency());
        try {
            String padding = "x".repeat(paddingBytes);
            for (int i = 0; i < cell.concurrency(); i++) {
                Connection connection = DriverManager.getConnection(url);
                connections.add(connection);
                try (Statement statement = connection.createStatement()) {
                    statement.execute("SET '" + PADDING_KEY + "' = '" + padding + "'");
                }
            }
            long warmupEnd = System.nanoTime() + warmup.toNanos();
            long end = warmupEnd + measure.toNanos();
            List<Future<?>> workers = new ArrayList<>();
            for (Connection connection : connections) {
                workers.add(threads.submit(() -> loop(connection, warmupEnd, end, recorder, requests, bytes)));
            }
            sleepUntil(warmupEnd);
            recorder.reset();
            requests.reset();
            bytes.reset();
            Duration gatewayCpu = gateway.cpu();
            long clientCpu = clientCpuNanos();
            long started = System.nanoTime();
            for (Future<?> worker : workers) {
                worker.get();
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            var histogram = recorder.getIntervalHistogram();
            return new CellResult(
                    requests.sum(),
                    bytes.sum(),
                    elapsed,
                    Duration.ofNanos(histogram.getValueAtPercentile(50) * 1000),
                    Duration.ofNanos(histogram.getValueAtPercentile(99) * 1000),
                    gateway.cpu().minus(gatewayCpu),
                    Duration.ofNanos(clientCpuNanos() - clientCpu));
        } finally {
            threads.shutdownNow();
            for (Connection connection : connections) {
                connection.close();
            }
        }
    }

    private static Void loop(
            Connection connection, long warmupEnd, long end, Recorder recorder, LongAdder requests, LongAdder bytes)
            throws SQLException {
        try (Statement statement = connection.createStatement()) {
            long now = System.nanoTime();
            while (now < end) {
                long size = 0;
                try (ResultSet rows = statement.executeQuery("SET")) {
                    while (rows.next()) {
                        size += rows.getString(1).length() + rows.getString(2).length();
                    }
                }
                long done = System.nanoTime();
                if (now >= warmupEnd) {
                    recorder.recordValue(Math.min((done - now) / 1000, HIGHEST_MICROS));
                    requests.increment();
                    bytes.add(size);
                }
                now = done;
            }
        }
        return null;
    }

    /** The value bytes of one response with no padding, to size the padding. */
    static long baselineBytes(String url) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SET")) {
            long size = 0;
            while (rows.next()) {
                size += rows.getString(1).length() + rows.getString(2).length();
            }
            return size;
        }
    }

    private static long clientCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void sleepUntil(long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left > 0) {
            Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
        }
    }
}
