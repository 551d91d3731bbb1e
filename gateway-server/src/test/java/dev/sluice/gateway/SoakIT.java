package dev.sluice.gateway;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.sluice.gateway.statement.AdmissionSampler;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.LatencyHistogram;
import dev.sluice.gateway.testing.PasswordUsers;
import org.apache.flink.util.TimeUtils;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many connections running a mix of statements for a long time, each pausing a random think time between its
 * statements: no statement may fail, and after a full GC the heap, the threads and the file descriptors must be where
 * they were after warming up. Run only with {@code -Psoak} (tag "soak"); {@code sluice.soak.connections} (128),
 * {@code sluice.soak.duration} (10 min) and {@code sluice.soak.think-time-min}/{@code -max} (a uniform pause between
 * statements) size the load, and the figures go to {@code sluice.soak.report} (under target/; docs/soak.md is
 * written by hand). The gateway runs in this JVM, so the figures include the clients'.
 */
@Tag("soak")
final class SoakIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    /** The mix, run in this order by each connection from a different starting point. */
    private static final List<SoakStatement> STATEMENTS = List.of(
            new SoakStatement("constant", "select 1"),
            new SoakStatement("SET", "SET 'sluice.query.timeout' = '5 min'"),
            new SoakStatement("source job", "select val1 from table1"),
            new SoakStatement("aggregation job", "select val1, count(*) from table1 group by val1"),
            new SoakStatement(
                    "join job", "select val1, count(*) from table1 left join table2 on val1=val2 group by val1"),
            new SoakStatement("query history", "SHOW QUERY HISTORY"),
            // the shared catalog, through the data-access policy and the rules: a read they grant, one they refuse
            new SoakStatement("shared table read", "select count(*) from lake.sales.orders"),
            new SoakStatement("refused read", "select * from lake.sales.salaries", "42501"));
    /** The soak's users: the connections alternate between the two analysts; carol owns the lake. */
    private static final List<String> ANALYSTS = List.of("alice", "bob");

    private static final String RULES = """
            tables:
              - user: carol
                catalog: lake
                privileges: [OWNERSHIP]
              - user: (alice|bob)
                catalog: lake
                database: sales
                table: orders
                privileges: [SELECT]
            """;

    @TempDir
    static Path directory;
    /** Every tenth statement of a connection is followed by this metadata call. */
    private static final String GET_TABLES = "getTables";

    /** Long enough for every connection to have run a few statements, so that caches and pools have filled. */
    private static final Duration WARM_UP = Duration.ofMinutes(1);
    /** Heap after GC may grow by this much: caches (plans, clients) fill up, sessions keep bounded history. */
    private static final long HEAP_SLACK_BYTES = 64L << 20;

    @Test
    void manyConnectionsOfMixedStatementsRunWithoutErrorsOrGrowth() throws Exception {
        int connections = Integer.getInteger("sluice.soak.connections", 128);
        Duration duration = duration("sluice.soak.duration", "10m");
        Duration thinkMin = duration("sluice.soak.think-time-min", "5s");
        Duration thinkMax = duration("sluice.soak.think-time-max", "25s");
        assertThat(thinkMax).as("sluice.soak.think-time-max").isGreaterThanOrEqualTo(thinkMin);
        // with authentication, the data-access policy (on by default) and the rules of a shared Paimon catalog
        Path users = PasswordUsers.write(directory, "alice", "bob", "carol");
        Path rules = Files.writeString(directory.resolve("rules.yaml"), RULES);
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.embedded.task-slots",
                "16",
                "sluice.server.rpc-threads",
                String.valueOf(Math.max(64, connections + 8)),
                "sluice.security.authentication.methods",
                "PASSWORD",
                "sluice.security.authentication.password.file",
                users.toString(),
                "sluice.security.authorization.rules-file",
                rules.toString(),
                "sluice.catalogs",
                "lake",
                "sluice.catalog.lake.type",
                "paimon",
                "sluice.catalog.lake.warehouse",
                directory.resolve("lake").toUri().toString()));
        try (Connection carol =
                        DriverManager.getConnection(gateway.jdbcUrl(), "carol", PasswordUsers.password("carol"));
                Statement statement = carol.createStatement()) {
            statement.execute("create database lake.sales");
            statement.execute("create table lake.sales.orders (id INT, amount DOUBLE)");
            statement.execute("create table lake.sales.salaries (name STRING, salary DOUBLE)");
            statement.execute("insert into lake.sales.orders values (1, 12.5), (2, 7.25)");
        }
        Load load = new Load(gateway, connections, thinkMin, thinkMax);

        try (AdmissionSampler admission = new AdmissionSampler(gateway.address())) {
            admission.start();
            load.runFor(WARM_UP, new Tally());
            Figures before = Figures.now();
            admission.reset();
            Tally tally = new Tally();
            long startNanos = System.nanoTime();
            load.runFor(duration, tally);
            Duration ran = Duration.ofNanos(System.nanoTime() - startNanos);
            Figures after = Figures.now();

            String report = report(load, duration, ran, tally, admission, before, after);
            Path reportFile = Path.of(System.getProperty("sluice.soak.report", "target/soak.md"));
            Files.createDirectories(reportFile.toAbsolutePath().getParent());
            Files.writeString(reportFile, report, StandardCharsets.UTF_8);
            System.out.println(report);

            assertThat(tally.errors).as("statements that failed").isEmpty();
            assertThat(tally.total()).isPositive();
            assertThat(admission.failedReads()).as("failed reads of /metrics").isZero();
            assertThat(after.heapBytes()).isLessThanOrEqualTo(before.heapBytes() + HEAP_SLACK_BYTES);
            // a few pools (Flink's, Netty's) start threads lazily up to their bound
            assertThat(after.threads()).isLessThanOrEqualTo(before.threads() + 16);
            assertThat(after.fileDescriptors()).isLessThanOrEqualTo(before.fileDescriptors() + 32);
        }
    }

    private static Duration duration(String property, String fallback) {
        return TimeUtils.parseDuration(System.getProperty(property, fallback));
    }

    /**
     * One statement of the mix; its kind names it in the report.
     *
     * @param refusedWith the SQLState the statement must be refused with, or null for one that must run
     */
    private record SoakStatement(
            String kind, String sql, @Nullable String refusedWith) {
        SoakStatement(String kind, String sql) {
            this(kind, sql, null);
        }
    }

    /**
     * The clients: {@code connections} JDBC connections, each on its own thread. They share one driver transport with
     * its default pool, as connections of one JVM do.
     */
    private record Load(SluiceGateway gateway, int connections, Duration thinkMin, Duration thinkMax) {
        void runFor(Duration duration, Tally tally) throws Exception {
            long endsAt = System.nanoTime() + duration.toNanos();
            ExecutorService clients = Executors.newFixedThreadPool(connections);
            try {
                List<Future<?>> running = new ArrayList<>();
                for (int i = 0; i < connections; i++) {
                    int client = i;
                    running.add(clients.submit(() -> client(client, endsAt, tally)));
                }
                for (Future<?> future : running) {
                    future.get();
                }
            } finally {
                clients.shutdownNow();
                // the client threads are gone before anything is counted
                assertThat(clients.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
            }
        }

        private void client(int client, long endsAt, Tally tally) {
            String user = ANALYSTS.get(client % ANALYSTS.size());
            try (Connection connection =
                            DriverManager.getConnection(gateway.jdbcUrl(), user, PasswordUsers.password(user));
                    Statement statement = connection.createStatement()) {
                for (String table : List.of("table1", "table2")) {
                    statement.execute("create temporary table " + table + " (val" + table.charAt(5)
                            + " STRING) WITH ('connector'='datagen','number-of-rows'='1')");
                }
                for (int i = client; think(endsAt); i++) {
                    SoakStatement next = STATEMENTS.get(i % STATEMENTS.size());
                    if (run(next, tally, () -> execute(statement, next.sql())) && i % 10 == 0) {
                        run(new SoakStatement(GET_TABLES, ""), tally, () -> getTables(connection));
                    }
                }
            } catch (SQLException e) {
                tally.errors.add("connection " + client + ": " + e.getSQLState() + " " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                tally.errors.add("connection " + client + ": interrupted");
            }
        }

        /** Pauses a random think time, at most until the end; whether there is time left for a statement. */
        private boolean think(long endsAt) throws InterruptedException {
            long pauseNanos = ThreadLocalRandom.current().nextLong(thinkMin.toNanos(), thinkMax.toNanos() + 1);
            long left = endsAt - System.nanoTime();
            TimeUnit.NANOSECONDS.sleep(Math.min(pauseNanos, Math.max(0, left)));
            return System.nanoTime() < endsAt;
        }

        private static boolean run(SoakStatement statement, Tally tally, SqlCall call) {
            String kind = statement.kind();
            long startNanos = System.nanoTime();
            try {
                call.run();
                if (statement.refusedWith() != null) {
                    tally.errors.add(kind + ": ran, but should have been refused with " + statement.refusedWith());
                    return false;
                }
                tally.latencies(kind).record(Duration.ofNanos(System.nanoTime() - startNanos));
                return true;
            } catch (SQLException e) {
                if (e.getSQLState() != null && e.getSQLState().equals(statement.refusedWith())) {
                    tally.latencies(kind).record(Duration.ofNanos(System.nanoTime() - startNanos));
                    return true;
                }
                tally.errors.add(kind + ": " + e.getSQLState() + " " + e.getMessage());
                tally.bySqlState
                        .computeIfAbsent(String.valueOf(e.getSQLState()), state -> new AtomicLong())
                        .incrementAndGet();
                return false;
            }
        }

        private static void execute(Statement statement, String sql) throws SQLException {
            if (statement.execute(sql)) {
                try (ResultSet rows = statement.getResultSet()) {
                    while (rows.next()) {
                        rows.getObject(1);
                    }
                }
            }
        }

        private static void getTables(Connection connection) throws SQLException {
            try (ResultSet tables = connection.getMetaData().getTables(null, null, "%", null)) {
                while (tables.next()) {
                    tables.getString("TABLE_NAME");
                }
            }
        }
    }

    @FunctionalInterface
    private interface SqlCall {
        void run() throws SQLException;
    }

    /** What the clients ran: latencies of the statements that succeeded, by kind, and every failure. */
    private static final class Tally {
        final Map<String, LatencyHistogram> byKind = new ConcurrentHashMap<>();
        final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        final Map<String, AtomicLong> bySqlState = new ConcurrentHashMap<>();

        Tally() {
            // made up front: the histograms are not allocated while the heap is measured
            STATEMENTS.forEach(statement -> byKind.put(statement.kind(), new LatencyHistogram()));
            byKind.put(GET_TABLES, new LatencyHistogram());
        }

        LatencyHistogram latencies(String kind) {
            return byKind.get(kind);
        }

        long total() {
            return byKind.values().stream().mapToLong(LatencyHistogram::count).sum();
        }

        long failed(String sqlState) {
            AtomicLong count = bySqlState.get(sqlState);
            return count == null ? 0 : count.get();
        }
    }

    private static String report(
            Load load,
            Duration duration,
            Duration ran,
            Tally tally,
            AdmissionSampler admission,
            Figures before,
            Figures after) {
        double seconds = ran.toNanos() / 1e9;
        StringBuilder report = new StringBuilder();
        report.append("%d connections, %s, think time %s to %s, ended %s: %,d statements (%.1f/s), %d errors"
                        .formatted(
                                load.connections(),
                                TimeUtils.formatWithHighestUnit(duration),
                                TimeUtils.formatWithHighestUnit(load.thinkMin()),
                                TimeUtils.formatWithHighestUnit(load.thinkMax()),
                                Instant.now(),
                                tally.total(),
                                tally.total() / seconds,
                                tally.errors.size()))
                .append(" (53000 load shed: %d, HYT00 timed out: %d, other: %d).%n%n"
                        .formatted(
                                tally.failed("53000"),
                                tally.failed("HYT00"),
                                tally.errors.size() - tally.failed("53000") - tally.failed("HYT00")));
        report.append("| statement | count | per second | p50 (ms) | p99 (ms) | max (ms) |\n")
                .append("|---|---|---|---|---|---|\n");
        Map<String, LatencyHistogram> ordered = new LinkedHashMap<>();
        STATEMENTS.forEach(statement -> ordered.put(statement.kind(), tally.latencies(statement.kind())));
        ordered.put(GET_TABLES, tally.latencies(GET_TABLES));
        ordered.forEach((kind, latencies) -> report.append("| %s | %,d | %.2f | %s | %s | %s |%n"
                .formatted(
                        kind,
                        latencies.count(),
                        latencies.count() / seconds,
                        millis(latencies.percentile(50)),
                        millis(latencies.percentile(99)),
                        millis(latencies.max()))));
        report.append("\nAdmission to the embedded cluster (16 slots), sampled every second: at most %d jobs running,"
                        .formatted(admission.maxRunning()))
                .append(" at most %d queries waiting.%n%n".formatted(admission.maxQueued()));
        report.append("""
                | figure | after warm-up | at the end |
                |---|---|---|
                | heap used after full GC (MB) | %d | %d |
                | live threads | %d | %d |
                | open file descriptors | %d | %d |
                """.formatted(
                        before.heapBytes() >> 20,
                        after.heapBytes() >> 20,
                        before.threads(),
                        after.threads(),
                        before.fileDescriptors(),
                        after.fileDescriptors()));
        tally.errors.stream().limit(20).forEach(error -> report.append("\n- ").append(error));
        return report.toString();
    }

    private static String millis(Duration latency) {
        return "%.1f".formatted(latency.toNanos() / 1e6);
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
