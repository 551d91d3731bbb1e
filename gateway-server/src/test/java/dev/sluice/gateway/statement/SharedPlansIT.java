package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Plans of queries over a shared Paimon catalog, reused within a session and across sessions, over JDBC on the
 * embedded cluster: a reused plan is never used after a table it read changed (through another session, or a writer
 * outside the gateway), and then the answer is the one planning again gives; sessions with other
 * options, another current catalog, or objects of their own do not take another session's plan. Paimon's filesystem
 * catalog has no views; {@code PlanDependenciesTest} replaces a view under a plan.
 */
final class SharedPlansIT {
    private static final String ORDERS = "lake.`default`.orders";
    private static final String TOTALS =
            "select customer, sum(amount) as total from " + ORDERS + " group by customer order by customer";

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
            statement.execute("create table " + ORDERS + " (id INT, customer STRING, amount DOUBLE)");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute(
                    "insert into " + ORDERS + " values (1, 'ada', 12.5), (2, 'grace', 7.25), (3, 'ada', 1.0)");
        }
    }

    @Test
    void aNewSessionTakesThePlanAnotherSessionMade() throws SQLException {
        try (Connection first = connect();
                Connection second = connect()) {
            assertThat(rows(first, TOTALS)).containsExactly(List.of("ada", 13.5), List.of("grace", 7.25));
            assertThat(rows(first, TOTALS)).containsExactly(List.of("ada", 13.5), List.of("grace", 7.25));
            assertThat(rows(second, TOTALS)).containsExactly(List.of("ada", 13.5), List.of("grace", 7.25));

            assertThat(planCaches(first, TOTALS)).containsExactly("miss", "hit");
            assertThat(planCaches(second, TOTALS)).containsExactly("hit");
        }
    }

    @Test
    void aReusedPlanReadsTheDataAsOfItsRun() throws SQLException {
        try (Connection reader = connect();
                Connection writer = connect();
                Statement writes = writer.createStatement()) {
            assertThat(rows(reader, TOTALS)).containsExactly(List.of("ada", 13.5), List.of("grace", 7.25));
            writes.execute("SET 'table.dml-sync' = 'true'");
            writes.execute("insert into " + ORDERS + " values (4, 'linus', 3.0)");

            assertThat(rows(reader, TOTALS))
                    .containsExactly(List.of("ada", 13.5), List.of("grace", 7.25), List.of("linus", 3.0));
            assertThat(planCaches(reader, TOTALS)).containsExactly("miss", "hit");
        }
    }

    @Test
    void aReusedPlanCountsTheRowsAsOfItsRun() throws SQLException {
        // Paimon answers a count from the row counts of the snapshot that is latest while the query is planned
        String count = "select count(*) from " + ORDERS;
        try (Connection reader = connect();
                Connection writer = connect();
                Statement writes = writer.createStatement()) {
            assertThat(rows(reader, count)).containsExactly(List.of(3L));
            writes.execute("SET 'table.dml-sync' = 'true'");
            writes.execute("insert into " + ORDERS + " values (4, 'linus', 3.0)");

            // a plan whose source answered the count while planning is not reused ("skip")
            assertThat(rows(reader, count)).containsExactly(List.of(4L));
        }
    }

    @Test
    void aTableChangedByAnotherSessionIsPlannedAgain() throws SQLException {
        String everything = "select * from " + ORDERS + " order by id";
        try (Connection reader = connect();
                Connection writer = connect();
                Statement writes = writer.createStatement()) {
            assertThat(rows(reader, everything).get(0)).containsExactly(1, "ada", 12.5);
            writes.execute("alter table " + ORDERS + " add note STRING");

            assertThat(rows(reader, everything).get(0)).containsExactly(1, "ada", 12.5, null);
            assertThat(planCaches(reader, everything)).containsExactly("miss", "miss");
        }
    }

    @Test
    void aTableChangedByTheSameSessionIsPlannedAgainThereAndElsewhere() throws SQLException {
        String everything = "select * from " + ORDERS + " order by id";
        try (Connection changer = connect();
                Statement changes = changer.createStatement()) {
            assertThat(rows(changer, everything).get(0)).containsExactly(1, "ada", 12.5);
            changes.execute("alter table " + ORDERS + " add region STRING");

            assertThat(rows(changer, everything).get(0)).containsExactly(1, "ada", 12.5, null);
            assertThat(planCaches(changer, everything)).containsExactly("miss", "miss");
        }
        try (Connection other = connect()) {
            // the plan the first run shared is stale: planned again, with the new column
            assertThat(rows(other, everything).get(0)).containsExactly(1, "ada", 12.5, null);
            assertThat(planCaches(other, everything)).containsExactly("miss");
        }
    }

    @Test
    void aTableChangedOutsideTheGatewayIsPlannedAgain() throws SQLException {
        String everything = "select * from " + ORDERS + " order by id";
        try (Connection reader = connect()) {
            assertThat(rows(reader, everything).get(0)).containsExactly(1, "ada", 12.5);
            TableEnvironment outside = TableEnvironment.create(EnvironmentSettings.inBatchMode());
            outside.executeSql(
                    "create catalog elsewhere with ('type' = 'paimon', 'warehouse' = '" + warehouse.toUri() + "')");
            outside.executeSql("alter table elsewhere.`default`.orders drop amount");

            assertThat(rows(reader, everything).get(0)).containsExactly(1, "ada");
            assertThat(planCaches(reader, everything)).containsExactly("miss", "miss");
        }
    }

    @Test
    void sessionsWithOtherOptionsOrAnotherCatalogDoNotShareAPlan() throws SQLException {
        try (Connection plain = connect();
                Connection tuned = connect();
                Connection elsewhere = connect();
                Statement tunes = tuned.createStatement();
                Statement moves = elsewhere.createStatement()) {
            rows(plain, TOTALS);
            tunes.execute("SET 'table.exec.resource.default-parallelism' = '2'");
            assertThat(rows(tuned, TOTALS)).containsExactly(List.of("ada", 13.5), List.of("grace", 7.25));
            assertThat(planCaches(tuned, TOTALS)).containsExactly("miss");

            // the same text names another table where the current catalog differs
            String unqualified = "select count(*) from orders";
            moves.execute("use catalog lake");
            assertThat(rows(elsewhere, unqualified)).containsExactly(List.of(3L));
            assertThatThrownBy(() -> rows(plain, unqualified)).satisfies(hasSqlState("42000"));
        }
    }

    @Test
    void aSessionWithObjectsOfItsOwnPlansForItself() throws SQLException {
        try (Connection plain = connect();
                Connection owner = connect();
                Statement owns = owner.createStatement()) {
            rows(plain, TOTALS);
            // a temporary table of the same name hides the catalog's table in that session only
            owns.execute("create temporary table " + ORDERS + " (id INT, customer STRING, amount DOUBLE) with"
                    + " ('connector' = 'datagen', 'number-of-rows' = '2', 'fields.customer.length' = '3')");
            assertThat(rows(owner, TOTALS)).hasSize(2).doesNotContain(List.of("ada", 13.5));
            assertThat(planCaches(owner, TOTALS)).containsExactly("miss");
            assertThat(rows(plain, TOTALS)).containsExactly(List.of("ada", 13.5), List.of("grace", 7.25));
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl());
    }

    private static List<List<Object>> rows(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return ReferenceWorkload.rows(statement.executeQuery(sql));
        }
    }

    /** The plan_cache column of each run of {@code sql} on the connection, oldest first. */
    private static List<String> planCaches(Connection connection, String sql) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                if (history.getString("statement").equals(sql) && "finished".equals(history.getString("outcome"))) {
                    found.add(history.getString("plan_cache"));
                }
            }
        }
        return found;
    }
}
