package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Queries that differ only in their literals' values take the plan of the first with their own values written in
 * (plan_cache {@code template}), over JDBC on the embedded cluster with a shared Paimon catalog: prepared statements
 * and literal statements, in one session and across sessions, give exactly the rows that planning each one afresh
 * gives (a session with the plan cache off), for values of every kind, including ones equal to each other, empty,
 * negative and quoted; a statement whose plan depends on its values never takes a template; a table that changed is
 * planned again.
 */
final class LiteralTemplatesIT {
    private static final String ORDERS = "lake.`default`.orders";
    private static final String FILTER = "select id, customer, amount from " + ORDERS
            + " where customer = ? and amount > ? and placed_on >= ? and placed_at < ? order by id";
    private static final String TYPED = "lake.`default`.typed";

    /** One value bound as a statement's only parameter. */
    @FunctionalInterface
    private interface ParameterValue {
        void bind(PreparedStatement statement) throws SQLException;
    }

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    Path warehouse;

    private SluiceGateway gateway;

    @BeforeEach
    void startGatewayWithATable() throws Exception {
        gateway = GATEWAYS.start(Map.of(
                // what these tests count is the plan cache; the result cache would answer a repeat before it
                // (ResultCacheIT)
                "sluice.result-cache.enabled", "false",
                "sluice.catalogs", "lake",
                "sluice.catalog.lake.type", "paimon",
                "sluice.catalog.lake.warehouse", warehouse.toUri().toString()));
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            statement.execute("create table " + ORDERS + " (id INT, customer STRING, amount DECIMAL(10, 2),"
                    + " placed_on DATE, placed_at TIMESTAMP(3), big BIGINT)");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute("insert into " + ORDERS + " values"
                    + " (1, 'ada', 12.50, DATE '2024-01-02', TIMESTAMP '2024-01-02 10:00:00.123', 5000000000),"
                    + " (2, 'grace', 7.25, DATE '2024-02-03', TIMESTAMP '2024-02-03 11:30:00', -3),"
                    + " (3, 'ada', 1.00, DATE '2024-03-04', TIMESTAMP '2024-03-04 12:45:00.5', 0),"
                    + " (4, 'o''brien', 99.99, DATE '2024-04-05', TIMESTAMP '2024-04-05 00:00:00', 7),"
                    + " (5, '', 0.01, DATE '2024-05-06', TIMESTAMP '2024-05-06 23:59:59.999', 1),"
                    + " (6, 'zoë', 42.00, DATE '2024-06-07', TIMESTAMP '2024-06-07 06:07:08.009', 42)");
        }
    }

    @Test
    void preparedStatementsWithNewValuesGiveWhatPlanningAgainGives() throws SQLException {
        // the first nine have literals of one shape each (a decimal's digits, a timestamp's fraction): one template
        Object[][] values = {
            {"ada", "1.00", "2024-01-01", "2025-01-01 00:00:00"},
            {"ada", "2.50", "2024-02-01", "2025-01-01 00:00:00"},
            {"grace", "7.24", "2024-01-01", "2024-02-03 11:30:00"},
            {"grace", "7.25", "2024-01-01", "2025-01-01 00:00:00"},
            {"o'brien", "-1.00", "1999-12-31", "2030-06-30 12:00:00"},
            {"", "5.00", "2024-05-06", "2024-05-07 00:00:00"},
            {"zoë", "9.99", "2024-06-07", "2024-06-07 06:07:08"},
            {"nobody", "1.00", "2024-01-01", "2025-01-01 00:00:00"},
            {"ada", "9.99", "2024-01-01", "2025-01-01 00:00:00"},
            {"grace", "7.249", "2024-01-01", "2024-02-03 11:30:00.001"},
            {"zoë", "41.99", "2024-06-07", "2024-06-07 06:07:08.01"},
            {"ada", "100.00", "2024-01-01", "2025-01-01 00:00:00.5"},
        };
        try (Connection templated = connect();
                Connection planned = connectPlanningEachQuery();
                PreparedStatement filter = templated.prepareStatement(FILTER)) {
            for (Object[] value : values) {
                filter.setString(1, (String) value[0]);
                filter.setBigDecimal(2, new BigDecimal((String) value[1]));
                filter.setDate(3, Date.valueOf((String) value[2]));
                filter.setTimestamp(4, Timestamp.valueOf((String) value[3]));
                List<List<Object>> rows;
                try (ResultSet results = filter.executeQuery()) {
                    rows = ReferenceWorkload.rows(results);
                }
                String literal = "select id, customer, amount from " + ORDERS + " where customer = '"
                        + ((String) value[0]).replace("'", "''") + "' and amount > " + value[1]
                        + " and placed_on >= DATE '" + value[2] + "' and placed_at < TIMESTAMP '" + value[3]
                        + "' order by id";
                assertThat(rows)
                        .as("rows for %s, plans so far %s", List.of(value), planCaches(templated))
                        .isEqualTo(rows(planned, literal));
            }
            List<String> planCaches = planCaches(templated);
            assertThat(planCaches).hasSize(values.length).doesNotContain("skip");
            assertThat(planCaches.subList(0, 2)).containsOnly("miss");
            assertThat(planCaches.subList(2, 9))
                    .as("the rest of the values of one shape")
                    .containsOnly("template");
        }
    }

    @Test
    void preparedStatementsOfEveryTypeGiveWhatPlanningAgainGives() throws SQLException {
        try (Connection templated = connect();
                Connection planned = connectPlanningEachQuery();
                Statement statement = templated.createStatement()) {
            statement.execute("create table " + TYPED + " (id INT, v_tiny TINYINT, v_small SMALLINT, v_int INT,"
                    + " v_big BIGINT, v_float FLOAT, v_double DOUBLE, v_dec DECIMAL(10, 2), v_flag BOOLEAN,"
                    + " v_code CHAR(3), v_name STRING, v_bin VARBINARY(8), v_day DATE, v_time TIME(0),"
                    + " v_ts TIMESTAMP(3), v_ltz TIMESTAMP_LTZ(3))");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute("insert into " + TYPED + " values"
                    + " (1, CAST(1 AS TINYINT), CAST(10 AS SMALLINT), 100, 5000000000, CAST(1.5 AS FLOAT), 2.25,"
                    + " 12.50, TRUE, 'abc', 'ada', X'01', DATE '2024-01-02', TIME '10:00:00',"
                    + " TIMESTAMP '2024-01-02 10:00:00.123', TO_TIMESTAMP_LTZ(1704189600123, 3)),"
                    + " (2, CAST(-2 AS TINYINT), CAST(-20 AS SMALLINT), -200, -3, CAST(-0.25 AS FLOAT), -4.5,"
                    + " 7.25, FALSE, 'ab ', 'grace', X'0203', DATE '2024-02-03', TIME '11:30:15',"
                    + " TIMESTAMP '2024-02-03 11:30:00', TO_TIMESTAMP_LTZ(1706959800000, 3)),"
                    + " (3, CAST(127 AS TINYINT), CAST(32767 AS SMALLINT), 2147483647, 0, CAST(0 AS FLOAT), 0.0,"
                    + " 0.01, TRUE, 'xyz', '', X'', DATE '1999-12-31', TIME '00:00:00',"
                    + " TIMESTAMP '2024-03-04 12:45:00.5', TO_TIMESTAMP_LTZ(0, 3)),"
                    + " (4, CAST(0 AS TINYINT), CAST(0 AS SMALLINT), 0, 7, CAST(3.75 AS FLOAT), 1.0E10,"
                    + " 99.99, FALSE, 'o''b', 'o''brien', X'FF', DATE '2024-04-05', TIME '23:59:59',"
                    + " TIMESTAMP '2024-04-05 00:00:00', TO_TIMESTAMP_LTZ(1712275200000, 3))");
            // per column: the values bound one after another; the first two plan, the rest may take a template
            Map<String, List<ParameterValue>> values = new java.util.LinkedHashMap<>();
            values.put(
                    "v_tiny",
                    List.of(
                            p -> p.setByte(1, (byte) 1),
                            p -> p.setByte(1, (byte) -2),
                            p -> p.setByte(1, (byte) 127),
                            p -> p.setByte(1, (byte) 0),
                            p -> p.setByte(1, (byte) 99)));
            values.put(
                    "v_small",
                    List.of(
                            p -> p.setShort(1, (short) 10),
                            p -> p.setShort(1, (short) -20),
                            p -> p.setShort(1, Short.MAX_VALUE),
                            p -> p.setShort(1, (short) 0),
                            p -> p.setShort(1, (short) 5)));
            values.put(
                    "v_int",
                    List.of(
                            p -> p.setInt(1, 100),
                            p -> p.setInt(1, -200),
                            p -> p.setInt(1, Integer.MAX_VALUE),
                            p -> p.setInt(1, 0),
                            p -> p.setInt(1, 1)));
            values.put(
                    "v_big",
                    List.of(
                            p -> p.setLong(1, 5000000000L),
                            p -> p.setLong(1, -3),
                            p -> p.setLong(1, 0),
                            p -> p.setLong(1, 7),
                            p -> p.setLong(1, Long.MIN_VALUE)));
            values.put(
                    "v_float",
                    List.of(
                            p -> p.setFloat(1, 1.5f),
                            p -> p.setFloat(1, -0.25f),
                            p -> p.setFloat(1, 0f),
                            p -> p.setFloat(1, 3.75f),
                            p -> p.setFloat(1, 2.5f)));
            values.put(
                    "v_double",
                    List.of(
                            p -> p.setDouble(1, 2.25),
                            p -> p.setDouble(1, -4.5),
                            p -> p.setDouble(1, 0.0),
                            p -> p.setDouble(1, 1.0E10),
                            p -> p.setDouble(1, -1.0E-300)));
            values.put(
                    "v_dec",
                    List.of(
                            p -> p.setBigDecimal(1, new BigDecimal("12.50")),
                            p -> p.setBigDecimal(1, new BigDecimal("7.25")),
                            p -> p.setBigDecimal(1, new BigDecimal("0.01")),
                            p -> p.setBigDecimal(1, new BigDecimal("99.99")),
                            p -> p.setBigDecimal(1, new BigDecimal("-1.5"))));
            values.put(
                    "v_flag",
                    List.of(
                            p -> p.setBoolean(1, true),
                            p -> p.setBoolean(1, false),
                            p -> p.setBoolean(1, false),
                            p -> p.setBoolean(1, true),
                            p -> p.setBoolean(1, false)));
            values.put(
                    "v_code",
                    List.of(
                            p -> p.setString(1, "abc"),
                            p -> p.setString(1, "xyz"),
                            p -> p.setString(1, "ab"),
                            p -> p.setString(1, "ab "),
                            p -> p.setString(1, "o'b")));
            values.put(
                    "v_name",
                    List.of(
                            p -> p.setString(1, "ada"),
                            p -> p.setString(1, "grace"),
                            p -> p.setString(1, ""),
                            p -> p.setString(1, "o'brien"),
                            p -> p.setString(1, "zoë")));
            values.put(
                    "v_bin",
                    List.of(
                            p -> p.setBytes(1, new byte[] {1}),
                            p -> p.setBytes(1, new byte[] {2, 3}),
                            p -> p.setBytes(1, new byte[0]),
                            p -> p.setBytes(1, new byte[] {(byte) 0xFF}),
                            p -> p.setBytes(1, new byte[] {9, 9, 9})));
            values.put(
                    "v_day",
                    List.of(
                            p -> p.setDate(1, Date.valueOf("2024-01-02")),
                            p -> p.setDate(1, Date.valueOf("2024-02-03")),
                            p -> p.setDate(1, Date.valueOf("1999-12-31")),
                            p -> p.setDate(1, Date.valueOf("2024-04-05")),
                            p -> p.setDate(1, Date.valueOf("2000-02-29"))));
            values.put(
                    "v_time",
                    List.of(
                            p -> p.setTime(1, java.sql.Time.valueOf("10:00:00")),
                            p -> p.setTime(1, java.sql.Time.valueOf("11:30:15")),
                            p -> p.setTime(1, java.sql.Time.valueOf("00:00:00")),
                            p -> p.setTime(1, java.sql.Time.valueOf("23:59:59")),
                            p -> p.setTime(1, java.sql.Time.valueOf("12:00:00"))));
            values.put(
                    "v_ts",
                    List.of(
                            p -> p.setTimestamp(1, Timestamp.valueOf("2024-01-02 10:00:00.123")),
                            p -> p.setTimestamp(1, Timestamp.valueOf("2024-02-03 11:30:00")),
                            p -> p.setTimestamp(1, Timestamp.valueOf("2024-03-04 12:45:00.5")),
                            p -> p.setTimestamp(1, Timestamp.valueOf("2024-04-05 00:00:00")),
                            p -> p.setTimestamp(1, Timestamp.valueOf("2024-03-04 12:45:00.499"))));
            values.put(
                    "v_ltz",
                    List.of(
                            p -> p.setObject(
                                    1,
                                    java.time.Instant.ofEpochMilli(1704189600123L)
                                            .atOffset(java.time.ZoneOffset.ofHours(2))),
                            p -> p.setObject(
                                    1,
                                    java.time.Instant.ofEpochMilli(1706959800000L)
                                            .atOffset(java.time.ZoneOffset.ofHours(2))),
                            p -> p.setObject(
                                    1, java.time.Instant.ofEpochMilli(0).atOffset(java.time.ZoneOffset.ofHours(2))),
                            p -> p.setObject(
                                    1,
                                    java.time.Instant.ofEpochMilli(1712275200000L)
                                            .atOffset(java.time.ZoneOffset.ofHours(2))),
                            p -> p.setObject(
                                    1, java.time.Instant.ofEpochMilli(1).atOffset(java.time.ZoneOffset.ofHours(2)))));
            for (Map.Entry<String, List<ParameterValue>> column : values.entrySet()) {
                // equality for every type, and an order for those that have one: a plan may sort its ranges by value
                boolean ordered = !List.of("v_flag", "v_bin").contains(column.getKey());
                for (String comparison : ordered ? List.of("=", ">=") : List.of("=")) {
                    String sql = "select id from " + TYPED + " where " + column.getKey() + " " + comparison
                            + " ? order by id";
                    try (PreparedStatement withTemplates = templated.prepareStatement(sql);
                            PreparedStatement planning = planned.prepareStatement(sql)) {
                        for (ParameterValue value : column.getValue()) {
                            value.bind(withTemplates);
                            value.bind(planning);
                            assertThat(ReferenceWorkload.rows(withTemplates.executeQuery()))
                                    .as("%s, plans so far %s", sql, planCaches(templated))
                                    .isEqualTo(ReferenceWorkload.rows(planning.executeQuery()));
                        }
                    }
                }
            }
            List<String> planCaches = planCaches(templated);
            assertThat(planCaches).doesNotContain("skip").contains("template");
        }
    }

    @Test
    void literalStatementsShareATemplateAcrossSessions() throws SQLException {
        try (Connection first = connect();
                Connection second = connect();
                Connection planned = connectPlanningEachQuery()) {
            String one = "select id, big from " + ORDERS + " where big > -4 and id <> 2 order by id";
            String two = "select id, big from " + ORDERS + " where big > 6 and id <> 6 order by id";
            String three = "select id, big from " + ORDERS + " where big > 5000000000 and id <> 1 order by id";
            String four = "select id, big from " + ORDERS + " where big > 0 and id <> 4 order by id";
            assertThat(rows(first, one)).isEqualTo(rows(planned, one));
            assertThat(rows(first, two)).isEqualTo(rows(planned, two));
            assertThat(rows(second, three)).isEqualTo(rows(planned, three));
            assertThat(rows(second, four)).isEqualTo(rows(planned, four));
            assertThat(planCaches(first)).containsExactly("miss", "miss");
            // 5000000000 is a BIGINT literal where the others are INT: a template of its own shape
            assertThat(planCaches(second)).containsExactly("miss", "template");
        }
    }

    @Test
    void valuesThatComeAgainAfterATemplateTakeItsPlanAsAHit() throws SQLException {
        try (Connection connection = connect();
                Connection planned = connectPlanningEachQuery()) {
            List<String> statements = new ArrayList<>();
            for (String id : new String[] {"1", "2", "3", "3", "4", "3"}) {
                statements.add("select id, customer from " + ORDERS + " where id = " + id + " order by id");
            }
            for (String sql : statements) {
                assertThat(rows(connection, sql)).as(sql).isEqualTo(rows(planned, sql));
            }
            // planned twice (the second derives the template), then restored, and kept as id 3's own plan
            assertThat(planCaches(connection)).containsExactly("miss", "miss", "template", "hit", "template", "hit");
        }
    }

    @Test
    void aJoinWhosePlanFlinkCannotWriteAsJsonIsPlannedAgainWithoutAnError() throws SQLException {
        try (Connection connection = connect();
                Connection planned = connectPlanningEachQuery();
                Statement statement = connection.createStatement()) {
            statement.execute("create table lake.`default`.customers (name STRING, region STRING)");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute("insert into lake.`default`.customers values ('ada', 'EU'), ('grace', 'US'),"
                    + " ('o''brien', 'EU'), ('zoë', 'APAC')");
            // a batch join runs as a MultipleInput, which Flink's JSON plan cannot hold: deriving a template fails
            for (String[] value : new String[][] {{"EU", "1.00"}, {"US", "5.00"}, {"EU", "0.50"}, {"APAC", "10"}}) {
                String join = "select c.region, count(*) as orders, sum(o.amount) as revenue from " + ORDERS
                        + " o join lake.`default`.customers c on o.customer = c.name where c.region = '" + value[0]
                        + "' and o.amount > " + value[1] + " group by c.region order by revenue desc limit 10";
                assertThat(rows(connection, join))
                        .as("rows for %s", List.of(value))
                        .isEqualTo(rows(planned, join));
            }
            assertThat(planCaches(connection)).doesNotContain("template");
        }
    }

    @Test
    void aPlanThatDependsOnItsValuesIsPlannedEachTime() throws SQLException {
        try (Connection connection = connect();
                Connection planned = connectPlanningEachQuery()) {
            // an IN list becomes a search argument whose ranges are sorted and merged by value
            for (String ids : List.of("1, 3", "3, 3", "6, 2", "2, 4")) {
                String sql = "select id from " + ORDERS + " where id in (" + ids + ") order by id";
                assertThat(rows(connection, sql)).isEqualTo(rows(planned, sql));
            }
            assertThat(planCaches(connection)).doesNotContain("template");
        }
    }

    @Test
    void aTemplateIsNotUsedAfterItsTableChanged() throws SQLException {
        try (Connection connection = connect();
                Statement changes = connection.createStatement()) {
            for (int id : new int[] {1, 2, 3}) {
                rows(connection, "select * from " + ORDERS + " where id = " + id);
            }
            changes.execute("alter table " + ORDERS + " add note STRING");
            List<List<Object>> rows = rows(connection, "select * from " + ORDERS + " where id = 4");

            assertThat(rows).hasSize(1);
            assertThat(rows.get(0)).hasSize(7).endsWith((Object) null);
            assertThat(planCaches(connection)).containsExactly("miss", "miss", "template", "miss");
        }
    }

    @Test
    void aBatchQuerysCurrentDateIsTheDateItStartsAndItsPlanIsReused() throws SQLException {
        String sql = "select id, current_date as today from " + ORDERS
                + " where placed_on < current_date and id <= 2 order by id";
        try (Connection connection = connect();
                Connection planned = connectPlanningEachQuery()) {
            List<List<Object>> first = rows(connection, sql);
            List<List<Object>> second = rows(connection, sql);

            assertThat(first).isEqualTo(rows(planned, sql)).isEqualTo(second).hasSize(2);
            assertThat(first.get(0).get(1)).isEqualTo(java.sql.Date.valueOf(java.time.LocalDate.now()));
            assertThat(planCaches(connection)).containsExactly("miss", "hit");
            try (Statement statement = connection.createStatement();
                    ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                assertThat(history.next()).isTrue();
                assertThat(history.getString("statement"))
                        .as("the history shows what the user ran")
                        .isEqualTo(sql);
            }
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl());
    }

    private Connection connectPlanningEachQuery() throws SQLException {
        Connection connection = connect();
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET 'sluice.plan-cache.enabled' = 'false'");
        }
        return connection;
    }

    private static List<List<Object>> rows(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return ReferenceWorkload.rows(statement.executeQuery(sql));
        }
    }

    /** The plan_cache column of each finished query with a job on the connection, oldest first. */
    private static List<String> planCaches(Connection connection) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                String statementText = history.getString("statement").toLowerCase(java.util.Locale.ROOT);
                if (statementText.startsWith("select") && "finished".equals(history.getString("outcome"))) {
                    found.add(history.getString("plan_cache"));
                }
            }
        }
        return found;
    }
}
