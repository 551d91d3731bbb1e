package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The plan cache over JDBC on the embedded cluster: repeated queries skip planning, and a cached plan never gives an
 * answer that planning again would not.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class PlanCacheIT {
    private static final int RUNS = 20;
    private static final String NUMBERS = "create temporary table numbers (n BIGINT, word STRING) with"
            + " ('connector'='datagen', 'number-of-rows'='6', 'fields.n.kind'='sequence', 'fields.n.start'='1', 'fields.n.end'='6',"
            + " 'fields.word.kind'='sequence', 'fields.word.start'='11', 'fields.word.end'='16')";
    private static final String EPOCH_AS_TEXT =
            "select cast(to_timestamp_ltz(0, 0) as string) from (values (1)) as t(x)";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        // what these tests count is the plan cache; the result cache would answer a repeat before it (ResultCacheIT)
        gateway = GATEWAYS.start(Map.of("sluice.result-cache.enabled", "false"));
    }

    @Test
    void referenceQueriesSkipPlanningWhenRepeated() throws Exception {
        Map<String, String> queries = new LinkedHashMap<>();
        queries.put("source", ReferenceWorkload.SOURCE);
        queries.put("wordcount", ReferenceWorkload.WORDCOUNT);
        queries.put("join", ReferenceWorkload.JOIN);
        double missesBefore = counter("job", "miss");
        double hitsBefore = counter("job", "hit");
        double skipsBefore = counter("job", "skip");
        try (Connection cached = connect("");
                Connection uncached = connect(";sluice.plan-cache.enabled=false");
                Statement onCached = cached.createStatement();
                Statement onUncached = uncached.createStatement()) {
            for (String ddl : ReferenceWorkload.DDL) {
                onCached.execute(ddl);
                onUncached.execute(ddl);
            }
            for (String sql : queries.values()) {
                // interleaved, so that both connections run on an equally warm gateway
                for (int i = 0; i < RUNS; i++) {
                    assertReferenceRow(sql, ReferenceWorkload.rows(onUncached.executeQuery(sql)));
                    assertReferenceRow(sql, ReferenceWorkload.rows(onCached.executeQuery(sql)));
                }
            }
            List<HistoryRow> withCache = history(cached);
            List<HistoryRow> withoutCache = history(uncached);
            queries.forEach((name, sql) -> {
                List<HistoryRow> hits = runsOf(withCache, sql);
                List<HistoryRow> planned = runsOf(withoutCache, sql);
                assertThat(hits).extracting(HistoryRow::planCache).first().isEqualTo("miss");
                assertThat(hits.subList(1, RUNS))
                        .extracting(HistoryRow::planCache)
                        .containsOnly("hit");
                assertThat(planned).extracting(HistoryRow::planCache).containsOnly("skip");
                double missMillis = median(planned);
                double hitMillis = median(hits.subList(1, RUNS));
                System.out.printf(
                        Locale.ROOT,
                        "plan phase of %-9s median of %d: planned %7.2f ms (first miss %7.2f ms), cache hit %6.2f ms%n",
                        name,
                        RUNS,
                        missMillis,
                        hits.get(0).planMillis(),
                        hitMillis);
                assertThat(hitMillis)
                        .as("median plan phase of %s on a hit", name)
                        .isLessThan(missMillis / 2);
            });
        }
        assertThat(counter("job", "miss") - missesBefore).isEqualTo(3);
        assertThat(counter("job", "hit") - hitsBefore).isEqualTo(3 * (RUNS - 1));
        assertThat(counter("job", "skip") - skipsBefore).isEqualTo(3 * RUNS);
        assertThat(scrape()).contains("sluice_planning_seconds_count{cache=\"hit\",plan=\"job\"}");
    }

    @Test
    void aCachedPlanReturnsTheSameRows() throws SQLException {
        String sql = "select n % 3 as bucket, count(*) as numbers, sum(n) as total, max(word) as last_word"
                + " from numbers group by n % 3";
        try (Connection connection = connect("");
                Statement statement = connection.createStatement()) {
            statement.execute(NUMBERS);
            List<List<Object>> planned = sorted(ReferenceWorkload.rows(statement.executeQuery(sql)));
            assertThat(planned)
                    .containsExactly(List.of(0, 2L, 9L, "16"), List.of(1, 2L, 5L, "14"), List.of(2, 2L, 7L, "15"));
            for (int i = 0; i < 3; i++) {
                assertThat(sorted(ReferenceWorkload.rows(statement.executeQuery(sql))))
                        .isEqualTo(planned);
            }
            assertThat(runsOf(history(connection), sql))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("miss", "hit", "hit", "hit");
        }
    }

    @Test
    void ddlDropsPlansAndTheNewTableIsRead() throws SQLException {
        try (Connection connection = connect("");
                Statement statement = connection.createStatement()) {
            statement.execute(sequenceTable("x INT", "x", 1, 3));
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select sum(x) from t")))
                    .containsExactly(List.of(6));
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select sum(x) from t")))
                    .containsExactly(List.of(6));
            assertThat(sorted(ReferenceWorkload.rows(statement.executeQuery("select * from t"))))
                    .containsExactly(List.of(1), List.of(2), List.of(3));

            // other data under the same name
            statement.execute("drop temporary table t");
            statement.execute(sequenceTable("x INT", "x", 1, 4));
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select sum(x) from t")))
                    .containsExactly(List.of(10));

            // another schema under the same name
            statement.execute("drop temporary table t");
            statement.execute("create temporary table t (x STRING, y INT) with ('connector'='datagen',"
                    + " 'number-of-rows'='2', 'fields.x.kind'='sequence', 'fields.x.start'='1', 'fields.x.end'='2',"
                    + " 'fields.y.kind'='sequence', 'fields.y.start'='5', 'fields.y.end'='6')");
            try (ResultSet rows = statement.executeQuery("select * from t")) {
                assertThat(rows.getMetaData().getColumnCount()).isEqualTo(2);
                assertThat(sorted(ReferenceWorkload.rows(rows))).containsExactly(List.of("1", 5), List.of("2", 6));
            }
            assertThat(runsOf(history(connection), "select sum(x) from t"))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("miss", "hit", "miss");
            assertThat(runsOf(history(connection), "select * from t"))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("miss", "miss");
        }
    }

    @Test
    void setAndResetDropPlansAndTheNewOptionsApply() throws SQLException {
        try (Connection connection = connect("");
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'table.local-time-zone' = 'UTC'");
            assertThat(single(statement, EPOCH_AS_TEXT)).startsWith("1970-01-01 00:00:00");
            assertThat(single(statement, EPOCH_AS_TEXT)).startsWith("1970-01-01 00:00:00");
            statement.execute("SET 'table.local-time-zone' = 'Asia/Tokyo'");
            assertThat(single(statement, EPOCH_AS_TEXT)).startsWith("1970-01-01 09:00:00");
            assertThat(single(statement, EPOCH_AS_TEXT)).startsWith("1970-01-01 09:00:00");
            statement.execute("RESET 'table.local-time-zone'");
            single(statement, EPOCH_AS_TEXT);

            assertThat(runsOf(history(connection), EPOCH_AS_TEXT))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("miss", "hit", "miss", "hit", "miss");
        }
    }

    @Test
    void sessionsWithDifferentOptionsDoNotShareAPlan() throws SQLException {
        try (Connection utc = connect(";table.local-time-zone=UTC");
                Connection tokyo = connect(";table.local-time-zone=Asia/Tokyo");
                Statement inUtc = utc.createStatement();
                Statement inTokyo = tokyo.createStatement()) {
            assertThat(single(inUtc, EPOCH_AS_TEXT)).startsWith("1970-01-01 00:00:00");
            assertThat(single(inTokyo, EPOCH_AS_TEXT)).startsWith("1970-01-01 09:00:00");
            assertThat(single(inUtc, EPOCH_AS_TEXT)).startsWith("1970-01-01 00:00:00");
            assertThat(single(inTokyo, EPOCH_AS_TEXT)).startsWith("1970-01-01 09:00:00");

            assertThat(runsOf(history(utc), EPOCH_AS_TEXT))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("miss", "hit");
            assertThat(runsOf(history(tokyo), EPOCH_AS_TEXT))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("miss", "hit");
        }
    }

    @Test
    void neverCachesAQueryThatReadsTheCurrentTime() throws Exception {
        String sql = "select current_timestamp, x from (values (1)) as t(x)";
        double skipsBefore = counter("job", "skip");
        try (Connection connection = connect("");
                Statement statement = connection.createStatement()) {
            Instant first = currentTimestamp(statement, sql);
            Instant second = currentTimestamp(statement, sql);
            // in batch mode the time is fixed when the query is planned: a reused plan would repeat it
            assertThat(second).isAfter(first);
            assertThat(runsOf(history(connection), sql))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("skip", "skip");
        }
        assertThat(counter("job", "skip") - skipsBefore).isEqualTo(2);
    }

    @Test
    void aQueryWhoseJobFailsFailsAgainFromItsCachedPlan() throws SQLException {
        String failing = "select cast(concat('x', word) as int) from numbers";
        try (Connection connection = connect("");
                Statement statement = connection.createStatement()) {
            statement.execute(NUMBERS);
            for (int i = 0; i < 2; i++) {
                // a value that does not convert: the data's error, from the cached plan as from the first
                assertThatThrownBy(() -> ReferenceWorkload.rows(statement.executeQuery(failing)))
                        .satisfies(hasSqlState("22018"));
            }
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select count(*) from numbers")))
                    .containsExactly(List.of(6L));

            List<HistoryRow> runs = runsOf(history(connection), failing);
            assertThat(runs).extracting(HistoryRow::planCache).containsExactly("miss", "hit");
            assertThat(runs).extracting(HistoryRow::outcome).allMatch(outcome -> outcome.startsWith("failed"));
        }
    }

    @Test
    void eachBoundParameterValueHasItsOwnPlan() throws SQLException {
        String sql = "select word from numbers where n = ?";
        try (Connection connection = connect("");
                Statement statement = connection.createStatement()) {
            statement.execute(NUMBERS);
            try (PreparedStatement prepared = connection.prepareStatement(sql)) {
                for (long n : new long[] {2, 2, 3, 2}) {
                    prepared.setLong(1, n);
                    assertThat(ReferenceWorkload.rows(prepared.executeQuery()))
                            .containsExactly(List.of(String.valueOf(10 + n)));
                }
            }
            List<HistoryRow> runs = history(connection).stream()
                    .filter(row -> row.statement().startsWith("select word from numbers where n = "))
                    .toList();
            assertThat(runs).extracting(HistoryRow::planCache).containsExactly("miss", "hit", "miss", "hit");
        }
    }

    @Test
    void reusesPlansInStreamingMode() throws SQLException {
        try (Connection connection = connect(";execution.runtime-mode=streaming");
                Statement statement = connection.createStatement()) {
            statement.execute(NUMBERS);
            String sql = "select n % 2, count(*) from numbers group by n % 2";
            for (int i = 0; i < 2; i++) {
                assertThat(sorted(ReferenceWorkload.rows(statement.executeQuery(sql))))
                        .containsExactly(List.of(0, 3L), List.of(1, 3L));
            }
            assertThat(runsOf(history(connection), sql))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("miss", "hit");
        }
    }

    @Test
    void aConnectionMayTurnTheCacheOffForItself() throws SQLException {
        try (Connection connection = connect("");
                Statement statement = connection.createStatement()) {
            statement.execute(NUMBERS);
            String sql = "select count(*) from numbers";
            statement.execute("SET 'sluice.plan-cache.enabled' = 'false'");
            statement.executeQuery(sql).close();
            statement.executeQuery(sql).close();
            statement.execute("SET 'sluice.plan-cache.enabled' = 'true'");
            statement.executeQuery(sql).close();
            statement.executeQuery(sql).close();
            assertThatThrownBy(() -> statement.execute("SET 'sluice.plan-cache.enabled' = 'sometimes'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("22023");
                        assertThat(e.getMessage()).contains("sluice.plan-cache.enabled must be true or false");
                    });

            assertThat(runsOf(history(connection), sql))
                    .extracting(HistoryRow::planCache)
                    .containsExactly("skip", "skip", "miss", "hit");
        }
    }

    @Test
    void neverHitsWhenTheGatewayHasTheCacheOff() throws Exception {
        String cluster = gateway.embeddedClusterRestAddress().orElseThrow().toString();
        SluiceGateway uncached = GATEWAYS.start(Map.of(
                "sluice.plan-cache.enabled", "false",
                "sluice.result-cache.enabled", "false",
                "sluice.clusters", "shared",
                "sluice.cluster.shared.type", "REMOTE",
                "sluice.cluster.shared.rest-address", cluster));
        // a connection cannot turn on what the gateway has off
        try (Connection connection =
                        DriverManager.getConnection(uncached.jdbcUrl() + ";sluice.plan-cache.enabled=true");
                Statement statement = connection.createStatement()) {
            statement.execute(NUMBERS);
            for (String sql : List.of("select count(*) from numbers", "select 1")) {
                for (int i = 0; i < 3; i++) {
                    assertThat(ReferenceWorkload.rows(statement.executeQuery(sql)))
                            .singleElement()
                            .isNotNull();
                }
                assertThat(runsOf(history(connection), sql))
                        .extracting(HistoryRow::planCache)
                        .containsExactly("skip", "skip", "skip");
            }
        }
    }

    private Connection connect(String properties) throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl() + properties);
    }

    private static String sequenceTable(String columns, String column, int start, int end) {
        return "create temporary table t (" + columns + ") with ('connector'='datagen', 'number-of-rows'='"
                + (end - start + 1) + "', 'fields." + column
                + ".kind'='sequence', 'fields." + column + ".start'='" + start + "', 'fields." + column + ".end'='"
                + end + "')";
    }

    private static String single(Statement statement, String sql) throws SQLException {
        List<List<Object>> rows = ReferenceWorkload.rows(statement.executeQuery(sql));
        assertThat(rows).hasSize(1);
        return (String) rows.get(0).get(0);
    }

    private static Instant currentTimestamp(Statement statement, String sql) throws SQLException {
        Instant before = Instant.now().minusSeconds(1);
        Instant value;
        try (ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            Timestamp timestamp = rows.getTimestamp(1);
            value = timestamp.toInstant();
        }
        assertThat(value).isBetween(before, Instant.now().plusSeconds(1));
        return value;
    }

    private static void assertReferenceRow(String sql, List<List<Object>> rows) {
        assertThat(rows).as(sql).hasSize(1);
        assertThat((String) rows.get(0).get(0)).as(sql).hasSize(100);
        if (rows.get(0).size() > 1) {
            assertThat(rows.get(0).get(1)).as(sql).isEqualTo(1L);
        }
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing(Object::toString));
        return sorted;
    }

    /** One row of SHOW QUERY HISTORY. */
    private record HistoryRow(String statement, String outcome, double planMillis, String planCache) {}

    private static List<HistoryRow> history(Connection connection) throws SQLException {
        List<HistoryRow> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                rows.add(new HistoryRow(
                        history.getString("statement"),
                        history.getString("outcome"),
                        history.getDouble("plan_ms"),
                        history.getString("plan_cache")));
            }
        }
        return rows;
    }

    private static List<HistoryRow> runsOf(List<HistoryRow> history, String sql) {
        return history.stream().filter(row -> row.statement().equals(sql)).toList();
    }

    private static double median(List<HistoryRow> runs) {
        double[] millis =
                runs.stream().mapToDouble(HistoryRow::planMillis).sorted().toArray();
        return millis[millis.length / 2];
    }

    /** The value of {@code sluice_plan_cache_total} for the embedded cluster, 0 before the first count. */
    private double counter(String plan, String result) throws Exception {
        Matcher matcher = Pattern.compile("sluice_plan_cache_total\\{cluster=\"embedded\",plan=\"" + plan
                        + "\",result=\"" + result + "\"} (\\S+)")
                .matcher(scrape());
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
    }

    private String scrape() throws Exception {
        return MetricsText.of(gateway);
    }
}
