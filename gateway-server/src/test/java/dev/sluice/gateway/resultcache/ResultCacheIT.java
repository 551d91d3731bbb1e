package dev.sluice.gateway.resultcache;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.gateway.testing.PasswordUsers;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.testing.Eventually;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The result cache through the Sluice driver on the embedded cluster, over a shared Paimon catalog and a filesystem
 * table: a repeated query is answered from memory with the same rows, no answer is stale while writes (through the
 * gateway, straight into the Paimon table, new files) interleave with reads from several sessions, the cache is off
 * per session and per catalog, it keeps to its bounds, and every type comes back from it as the job answered it.
 */
final class ResultCacheIT {
    private static final String ORDERS = "lake.`default`.orders";
    private static final String TOTALS = "select customer, sum(amount) as total, count(*) as n from " + ORDERS
            + " group by customer order by customer";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    Path warehouse;

    @TempDir
    Path coldWarehouse;

    @TempDir
    Path files;

    private SluiceGateway gateway;

    /** Starts the test's gateway, with a table of three orders. */
    private SluiceGateway start(Map<String, String> overrides) throws Exception {
        return start(overrides, null, null);
    }

    /** Starts the test's gateway, with a table of three orders that {@code owner} (null: nobody in particular) made. */
    private SluiceGateway start(Map<String, String> overrides, @Nullable String owner, @Nullable String password)
            throws Exception {
        Map<String, String> options = new HashMap<>(Map.of(
                "sluice.result-cache.enabled", "true",
                "sluice.result-cache.files.quiet-period", "2 s",
                "sluice.catalogs", "lake;cold",
                "sluice.catalog.lake.type", "paimon",
                "sluice.catalog.lake.warehouse", warehouse.toUri().toString(),
                "sluice.catalog.cold.type", "paimon",
                "sluice.catalog.cold.warehouse", coldWarehouse.toUri().toString(),
                "sluice.catalog.cold.result-cache.enabled", "false",
                "sluice.security.data.readable-locations", files.toString()));
        options.putAll(overrides);
        SluiceGateway started = GATEWAYS.start(options);
        gateway = started;
        try (Connection connection = DriverManager.getConnection(started.jdbcUrl(), owner, password);
                Statement statement = connection.createStatement()) {
            statement.execute("create table if not exists " + ORDERS + " (id INT, customer STRING, amount DOUBLE)");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute(
                    "insert into " + ORDERS + " values (1, 'ada', 12.5), (2, 'grace', 7.25), (3, 'ada', 1.0)");
        }
        return started;
    }

    @Test
    void aRepeatedQueryIsAnsweredFromMemoryWithTheSameRows() throws Exception {
        start(Map.of());
        try (Connection first = connect();
                Connection second = connect()) {
            List<List<Object>> fresh = rows(first, TOTALS);
            assertThat(fresh).containsExactly(List.of("ada", 13.5, 2L), List.of("grace", 7.25, 1L));
            assertThat(rows(first, TOTALS)).isEqualTo(fresh);
            assertThat(rows(second, TOTALS)).isEqualTo(fresh);

            assertThat(runs(first, TOTALS)).extracting(Run::resultCache).containsExactly("miss", "hit");
            // a batch query's CURRENT_DATE is written in as the day's date: cached for the day
            String today = "select count(id), current_date from " + ORDERS;
            assertThat(rows(first, today)).isEqualTo(rows(first, today));
            assertThat(runs(first, today)).extracting(Run::resultCache).containsExactly("miss", "hit");
            Run hit = runs(second, TOTALS).get(0);
            assertThat(hit.resultCache()).isEqualTo("hit");
            assertThat(hit.planCache()).isNull();
            assertThat(hit.jobId()).isNull();
        }
        assertThat(metric("sluice_result_cache_requests_total\\{result=\"hit\"}"))
                .isEqualTo(3);
        assertThat(metric("sluice_result_cache_requests_total\\{result=\"miss\"}"))
                .isEqualTo(2);
        assertThat(metric("sluice_result_cache_entries")).isPositive();
        assertThat(metric("sluice_result_cache_bytes")).isPositive();
        HttpResponse<String> page = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(
                                        "http://127.0.0.1:" + gateway.address().getPort() + "/ui/"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(page.body()).contains("result cache hit");
    }

    @Test
    void noAnswerIsStaleWhileWritesInterleaveWithReads() throws Exception {
        start(Map.of());
        TableEnvironment outside = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        outside.executeSql(
                "create catalog elsewhere with ('type' = 'paimon', 'warehouse' = '" + warehouse.toUri() + "')");
        // count(id): a COUNT(*) of a whole Paimon table is answered while planning, and neither plan- nor result-cached
        String count = "select count(id) from " + ORDERS;
        try (Connection reader = connect();
                Connection other = connect();
                Connection writer = connect();
                Statement writes = writer.createStatement()) {
            writes.execute("SET 'table.dml-sync' = 'true'");
            long expected = 3;
            int id = 10;
            for (int round = 0; round < 2; round++) {
                assertThat(rows(reader, count)).containsExactly(List.of(expected));
                assertThat(rows(other, count)).containsExactly(List.of(expected));

                writes.execute("insert into " + ORDERS + " values (" + id++ + ", 'linus', 1.0)");
                expected++;
                assertThat(rows(reader, count))
                        .as("after a write through the gateway")
                        .containsExactly(List.of(expected));
                assertThat(rows(other, count)).containsExactly(List.of(expected));

                outside.executeSql("insert into elsewhere.`default`.orders values (" + id++ + ", 'barbara', 2.0)")
                        .await();
                expected++;
                assertThat(rows(other, count))
                        .as("after a write outside the gateway")
                        .containsExactly(List.of(expected));
                assertThat(rows(reader, count)).containsExactly(List.of(expected));
            }
            assertThat(runs(other, count)).extracting(Run::resultCache).contains("hit");
            assertThat(runs(reader, count)).extracting(Run::resultCache).contains("hit");
        }
    }

    @Test
    void readersInSeveralSessionsNeverSeeLessThanTheLastFinishedWrite() throws Exception {
        start(Map.of());
        TableEnvironment outside = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        outside.executeSql(
                "create catalog elsewhere with ('type' = 'paimon', 'warehouse' = '" + warehouse.toUri() + "')");
        String count = "select count(id) from " + ORDERS;
        AtomicLong finished = new AtomicLong(3); // rows of every write that has ended
        AtomicLong started = new AtomicLong(3); // rows of every write that has begun
        AtomicBoolean writing = new AtomicBoolean(true);
        List<String> stale = new CopyOnWriteArrayList<>();
        AtomicLong hits = new AtomicLong();
        AtomicLong reads = new AtomicLong();
        ExecutorService readers = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> readerRuns = new ArrayList<>();
            for (int reader = 0; reader < 3; reader++) {
                readerRuns.add(readers.submit(() -> {
                    try (Connection connection = connect()) {
                        while (writing.get()) {
                            long atLeast = finished.get();
                            long value = (Long) rows(connection, count).get(0).get(0);
                            long atMost = started.get();
                            if (value < atLeast || value > atMost) {
                                stale.add(value + " outside [" + atLeast + ", " + atMost + "]");
                            }
                            reads.incrementAndGet();
                        }
                        hits.addAndGet(runs(connection, count).stream()
                                .filter(run -> "hit".equals(run.resultCache()))
                                .count());
                    }
                    return null;
                }));
            }
            try (Connection writer = connect();
                    Statement writes = writer.createStatement()) {
                writes.execute("SET 'table.dml-sync' = 'true'");
                for (int id = 10; id < 16; id++) {
                    awaitReads(reads, 6); // the readers read the data as it is, from the cache too
                    started.incrementAndGet();
                    if (id % 2 == 0) {
                        writes.execute("insert into " + ORDERS + " values (" + id + ", 'linus', 1.0)");
                    } else {
                        outside.executeSql("insert into elsewhere.`default`.orders values (" + id + ", 'barbara', 2.0)")
                                .await();
                    }
                    finished.incrementAndGet();
                }
                awaitReads(reads, 6);
            } finally {
                writing.set(false);
            }
            for (Future<?> read : readerRuns) {
                read.get();
            }
        } finally {
            readers.shutdownNow();
        }
        assertThat(stale).isEmpty();
        assertThat(hits.get()).isPositive();
    }

    @Test
    void aFileAddedToAFilesystemTableIsSeenAndAFileJustWrittenIsNotCached() throws Exception {
        start(Map.of());
        Instant longAgo = Instant.now().minusSeconds(3600);
        write("a.csv", "1,ada\n2,grace\n", longAgo);
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table people (id INT, name STRING) with ('connector' = 'filesystem',"
                    + " 'path' = '" + files + "', 'format' = 'csv')");
            String count = "select count(*) from people";
            assertThat(rows(connection, count)).containsExactly(List.of(2L));
            assertThat(rows(connection, count)).containsExactly(List.of(2L));

            write("b.csv", "3,linus\n", longAgo);
            assertThat(rows(connection, count)).containsExactly(List.of(3L));

            write("c.csv", "4,barbara\n", Instant.now());
            assertThat(rows(connection, count)).containsExactly(List.of(4L));
            assertThat(rows(connection, count)).containsExactly(List.of(4L));

            assertThat(runs(connection, count)).extracting(Run::resultCache).startsWith("miss", "hit", "miss", "skip");
        }
    }

    @Test
    void anEntryIsServedOnlyToAUserWhoMayReadEveryTableBehindIt() throws Exception {
        Path users = PasswordUsers.write(files, "alice", "bob");
        Path rules = Files.writeString(files.resolve("rules.yaml"), """
                tables:
                  - user: alice
                    catalog: lake
                    privileges: [OWNERSHIP]
                  - user: bob
                    catalog: lake
                    database: default
                    table: orders
                    privileges: [SELECT]
                """);
        start(
                Map.of(
                        "sluice.security.authentication.methods", "PASSWORD",
                        "sluice.security.authentication.password.file", users.toString(),
                        "sluice.security.authorization.rules-file", rules.toString()),
                "alice",
                PasswordUsers.password("alice"));
        String salaries = "select name, salary from lake.`default`.salaries order by name";
        String both = "select o.customer, s.salary from " + ORDERS
                + " o join lake.`default`.salaries s on o.customer = s.name order by o.id";
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            statement.execute("create table lake.`default`.salaries (name STRING, salary DOUBLE)");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute("insert into lake.`default`.salaries values ('ada', 100.0)");
        }
        try (Connection alice = connect("alice")) {
            for (String sql : List.of(salaries, both, TOTALS, salaries, both, TOTALS)) {
                rows(alice, sql);
            }
            assertThat(runs(alice, salaries)).extracting(Run::resultCache).containsExactly("miss", "hit");
            assertThat(runs(alice, both)).extracting(Run::resultCache).containsExactly("miss", "hit");
        }
        try (Connection bob = connect("bob")) {
            for (String sql : List.of(salaries, both)) {
                assertThatThrownBy(() -> rows(bob, sql))
                        .as(sql)
                        .satisfies(hasSqlState("42501"))
                        .hasMessageContaining("User bob may not read `lake`.`default`.`salaries`");
            }
            assertThat(rows(bob, TOTALS)).containsExactly(List.of("ada", 13.5, 2L), List.of("grace", 7.25, 1L));
            assertThat(runs(bob, TOTALS)).extracting(Run::resultCache).containsExactly("hit");
        }
    }

    @Test
    void isOffForASessionThatSaysSoAndForACatalogConfiguredSo() throws Exception {
        start(Map.of());
        try (Connection off = connect();
                Statement statement = off.createStatement();
                Connection offByUrl =
                        DriverManager.getConnection(gateway.jdbcUrl() + ";sluice.result-cache.enabled=false");
                Connection cold = connect();
                Statement coldStatement = cold.createStatement()) {
            statement.execute("SET 'sluice.result-cache.enabled' = 'false'");
            rows(off, TOTALS);
            rows(off, TOTALS);
            rows(offByUrl, TOTALS);
            rows(offByUrl, TOTALS);
            assertThat(runs(off, TOTALS)).extracting(Run::resultCache).containsExactly(null, null);
            assertThat(runs(offByUrl, TOTALS)).extracting(Run::resultCache).containsExactly(null, null);

            coldStatement.execute("create table cold.`default`.facts (id INT)");
            coldStatement.execute("SET 'table.dml-sync' = 'true'");
            coldStatement.execute("insert into cold.`default`.facts values (1), (2)");
            String coldCount = "select count(*) from cold.`default`.facts";
            assertThat(rows(cold, coldCount)).containsExactly(List.of(2L));
            assertThat(rows(cold, coldCount)).containsExactly(List.of(2L));
            assertThat(runs(cold, coldCount)).extracting(Run::resultCache).containsExactly("skip", "skip");
        }
    }

    @Test
    void keepsToItsBoundInBytesAndPerEntry() throws Exception {
        start(Map.of(
                "sluice.result-cache.max-bytes", "64kb",
                "sluice.result-cache.max-entry-bytes", "16kb"));
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            StringBuilder values = new StringBuilder();
            for (int i = 1; i <= 200; i++) {
                values.append(i == 1 ? "" : ", ")
                        .append("(")
                        .append(i)
                        .append(", '")
                        .append("x".repeat(100))
                        .append("')");
            }
            statement.execute("create table lake.`default`.notes (id INT, note STRING)");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute("insert into lake.`default`.notes values " + values);
        }
        try (Connection connection = connect()) {
            String everything = "select id, note from lake.`default`.notes order by id";
            assertThat(rows(connection, everything)).hasSize(200);
            assertThat(rows(connection, everything)).hasSize(200);
            assertThat(runs(connection, everything))
                    .extracting(Run::resultCache)
                    .containsExactly("skip", "skip");

            for (int skipped = 1; skipped <= 10; skipped++) {
                String some = "select id, note from lake.`default`.notes where id <= 30 and id <> " + skipped;
                assertThat(rows(connection, some)).hasSize(29);
            }
        }
        assertThat(metric("sluice_result_cache_evictions_total")).isPositive();
        assertThat(metric("sluice_result_cache_bytes")).isBetween(1.0, 65536.0);
    }

    @Test
    void everyTypeComesBackFromTheCacheAsTheJobAnsweredIt() throws Exception {
        start(Map.of());
        String types = "lake.`default`.types";
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            statement.execute("create table " + types + " (id INT, t TINYINT, s SMALLINT, b BIGINT, f FLOAT,"
                    + " d DOUBLE, small DECIMAL(5, 2), wide DECIMAL(38, 10), flag BOOLEAN, c CHAR(3), v VARCHAR(20),"
                    + " birthday DATE, at_time TIME(3), ts TIMESTAMP(3), ts6 TIMESTAMP(6), ltz TIMESTAMP_LTZ(3),"
                    + " bin BYTES, numbers ARRAY<INT>, tags MAP<STRING, INT>, point ROW<x DOUBLE, y DOUBLE>)");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute("insert into " + types + " values (1, CAST(-7 AS TINYINT), CAST(300 AS SMALLINT),"
                    + " 9007199254740993, CAST(1.5 AS FLOAT), 2.25, 123.45,"
                    + " CAST('1234567890123456789012345678.0123456789' AS DECIMAL(38, 10)), true, 'abc', 'héllo ✓',"
                    + " DATE '2026-02-28', TIME '23:59:58.125', TIMESTAMP '2026-03-01 10:15:30.123',"
                    + " TIMESTAMP '2026-03-01 10:15:30.123456', TO_TIMESTAMP_LTZ(1772360130123, 3), x'00ff10',"
                    + " ARRAY[1, 2, 3], MAP['a', 1], ROW(1.5, -2.5))");
            statement.execute("insert into " + types + " (id) values (2)");
        }
        String everything = "select * from " + types + " order by id";
        try (Connection cached = connect();
                Connection fresh =
                        DriverManager.getConnection(gateway.jdbcUrl() + ";sluice.result-cache.enabled=false")) {
            List<List<String>> fromJob = values(cached, everything);
            List<List<String>> fromCache = values(cached, everything);
            assertThat(runs(cached, everything)).extracting(Run::resultCache).containsExactly("miss", "hit");
            assertThat(fromCache).isEqualTo(fromJob).isEqualTo(values(fresh, everything));
            assertThat(String.join("|", fromCache.get(0)))
                    .contains("123.45", "1234567890123456789012345678.0123456789", "héllo ✓");
            assertThat(fromCache.get(1).subList(1, fromCache.get(1).size())).containsOnly("null");
        }
    }

    private static void awaitReads(AtomicLong reads, int more) throws Exception {
        long target = reads.get() + more;
        Eventually.within(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(reads.get()).isGreaterThanOrEqualTo(target));
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl());
    }

    private Connection connect(String user) throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl(), user, PasswordUsers.password(user));
    }

    private void write(String name, String content, Instant modified) throws Exception {
        Path file = files.resolve(name);
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.from(modified));
    }

    private static List<List<Object>> rows(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return ReferenceWorkload.rows(statement.executeQuery(sql));
        }
    }

    /** Every value of every row as the driver gives it (getObject; arrays and bytes spelled out), with its class. */
    private static List<List<String>> values(Connection connection, String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData meta = result.getMetaData();
            while (result.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    Object value = result.getObject(i);
                    if (value instanceof Array array) {
                        row.add(Arrays.deepToString((Object[]) array.getArray()));
                    } else if (value instanceof byte[] bytes) {
                        row.add(Arrays.toString(bytes));
                    } else {
                        row.add(
                                value == null
                                        ? "null"
                                        : value + " " + value.getClass().getName());
                    }
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** One finished run of a statement in SHOW QUERY HISTORY. */
    private record Run(String resultCache, String planCache, String jobId) {}

    private static List<Run> runs(Connection connection, String sql) throws SQLException {
        List<Run> found = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                if (history.getString("statement").equals(sql) && "finished".equals(history.getString("outcome"))) {
                    found.add(new Run(
                            history.getString("result_cache"),
                            history.getString("plan_cache"),
                            history.getString("job_id")));
                }
            }
        }
        return found;
    }

    private double metric(String name) throws Exception {
        Matcher matcher = Pattern.compile("(?m)^" + name + " (\\S+)$").matcher(MetricsText.of(gateway));
        assertThat(matcher.find()).as("metric %s", name).isTrue();
        return Double.parseDouble(matcher.group(1));
    }
}
