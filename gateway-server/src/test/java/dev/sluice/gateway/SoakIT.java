package dev.sluice.gateway;

import com.sun.management.UnixOperatingSystemMXBean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many connections running a mix of statements for a long time: no statement may fail, and after a full GC the heap,
 * the threads and the file descriptors must be where they were after warming up. Run only with {@code -Psoak}
 * (tag "soak"), which sets {@code sluice.soak.connections} (128) and {@code sluice.soak.duration} (10 min) and writes
 * the figures to {@code sluice.soak.report} (docs/soak.md). The gateway runs in this JVM, so the figures include
 * the clients'.
 */
@Tag("soak")
final class SoakIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final List<String> STATEMENTS = List.of(
            "select 1",
            "SET 'sluice.query.timeout' = '5 min'",
            "select val1 from table1",
            "select val1, count(*) from table1 group by val1",
            "select val1, count(*) from table1 left join table2 on val1=val2 group by val1",
            "SHOW QUERY HISTORY");

    /** Heap after GC may grow by this much: caches (plans, clients) fill up, sessions keep bounded history. */
    private static final long HEAP_SLACK_BYTES = 64L << 20;

    @Test
    void manyConnectionsOfMixedStatementsRunWithoutErrorsOrGrowth() throws Exception {
        int connections = Integer.getInteger("sluice.soak.connections", 128);
        Duration duration = Duration.parse(
                "PT" + System.getProperty("sluice.soak.duration", "10m").toUpperCase());
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.embedded.task-slots",
                "16",
                "sluice.server.rpc-threads",
                String.valueOf(Math.max(64, connections + 8))));

        runFor(gateway, connections, Duration.ofSeconds(10), new ConcurrentLinkedQueue<>()); // warm-up
        Figures before = Figures.now();
        ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        long statements = runFor(gateway, connections, duration, errors);
        Figures after = Figures.now();

        String report = report(connections, duration, statements, errors.size(), before, after);
        Path reportFile = Path.of(System.getProperty("sluice.soak.report", "target/soak.md"));
        Files.writeString(reportFile, report, StandardCharsets.UTF_8);
        System.out.println(report);

        assertThat(errors).as("statements that failed").isEmpty();
        assertThat(statements).isPositive();
        assertThat(after.heapBytes()).isLessThanOrEqualTo(before.heapBytes() + HEAP_SLACK_BYTES);
        // a few pools (Flink's, Netty's) start threads lazily up to their bound
        assertThat(after.threads()).isLessThanOrEqualTo(before.threads() + 16);
        assertThat(after.fileDescriptors()).isLessThanOrEqualTo(before.fileDescriptors() + 32);
    }

    /** Runs {@code connections} clients for {@code duration}; returns how many statements they ran. */
    private static long runFor(
            SluiceGateway gateway, int connections, Duration duration, ConcurrentLinkedQueue<String> errors)
            throws Exception {
        AtomicLong statements = new AtomicLong();
        long endsAt = System.nanoTime() + duration.toNanos();
        ExecutorService clients = Executors.newFixedThreadPool(connections);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                int client = i;
                running.add(clients.submit(() -> client(gateway, client, endsAt, statements, errors)));
            }
            for (Future<?> future : running) {
                future.get();
            }
        } finally {
            clients.shutdownNow();
            // the client threads are gone before anything is counted
            assertThat(clients.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
        return statements.get();
    }

    private static void client(
            SluiceGateway gateway,
            int client,
            long endsAt,
            AtomicLong statements,
            ConcurrentLinkedQueue<String> errors) {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            for (String table : List.of("table1", "table2")) {
                statement.execute("create temporary table " + table + " (val" + table.charAt(5)
                        + " STRING) WITH ('connector'='datagen','number-of-rows'='1')");
            }
            for (int i = client; System.nanoTime() < endsAt; i++) {
                String sql = STATEMENTS.get(i % STATEMENTS.size());
                try {
                    if (statement.execute(sql)) {
                        try (ResultSet rows = statement.getResultSet()) {
                            while (rows.next()) {
                                rows.getObject(1);
                            }
                        }
                    }
                    if (i % 10 == 0) {
                        try (ResultSet tables = connection.getMetaData().getTables(null, null, "%", null)) {
                            while (tables.next()) {
                                tables.getString("TABLE_NAME");
                            }
                        }
                    }
                    statements.incrementAndGet();
                } catch (SQLException e) {
                    errors.add(sql + ": " + e.getSQLState() + " " + e.getMessage());
                }
            }
        } catch (SQLException e) {
            errors.add("connection " + client + ": " + e.getSQLState() + " " + e.getMessage());
        }
    }

    private static String report(
            int connections, Duration duration, long statements, int errors, Figures before, Figures after) {
        return """
                | figure | after warm-up | at the end |
                |---|---|---|
                | heap used after full GC (MB) | %d | %d |
                | live threads | %d | %d |
                | open file descriptors | %d | %d |

                %d connections, %s, %s: %d statements (%.0f/s), %d errors.
                """.formatted(
                        before.heapBytes() >> 20,
                        after.heapBytes() >> 20,
                        before.threads(),
                        after.threads(),
                        before.fileDescriptors(),
                        after.fileDescriptors(),
                        connections,
                        duration,
                        Instant.now(),
                        statements,
                        statements / (double) Math.max(1, duration.toSeconds()),
                        errors);
    }

    /** What the JVM holds, measured after a full GC. */
    private record Figures(long heapBytes, int threads, long fileDescriptors) {
        static Figures now() throws InterruptedException {
            MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
            for (int i = 0; i < 3; i++) {
                memory.gc();
                Thread.sleep(200); // let the GC's own work and finalization settle between collections
            }
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            long descriptors = os instanceof UnixOperatingSystemMXBean unix ? unix.getOpenFileDescriptorCount() : -1;
            return new Figures(
                    memory.getHeapMemoryUsage().getUsed(),
                    ManagementFactory.getThreadMXBean().getThreadCount(),
                    descriptors);
        }
    }
}
