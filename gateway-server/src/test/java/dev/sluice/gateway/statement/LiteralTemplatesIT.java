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
