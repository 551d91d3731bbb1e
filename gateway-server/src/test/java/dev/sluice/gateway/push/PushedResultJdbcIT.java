package dev.sluice.gateway.push;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.sluice.gateway.testing.ReferenceWorkload.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The push path through the JDBC URL on the embedded cluster: the same statements on a gateway that pushes results
 * and on one that collects them give the same rows, and the query's history says how its rows travelled.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
final class PushedResultJdbcIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    // deterministic tables, so that both paths must give the very same rows
    private static final List<String> DDL = List.of(
            "create temporary table numbers (n BIGINT, word STRING) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '5000', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1',"
                    + " 'fields.n.end' = '5000', 'fields.word.length' = '1')",
            "create temporary view letters (letter, weight) as values ('a', 1), ('b', 2), ('c', 3), ('a', 4)",
            "create temporary view owners (letter, owner) as values ('a', 'ann'), ('b', 'bob')");
    private static final List<String> QUERIES = List.of(
            "select letter, weight from letters",
            "select letter, count(*), sum(weight) from letters group by letter",
            "select l.letter, o.owner, count(*) from letters l left join owners o on l.letter = o.letter"
                    + " group by l.letter, o.owner",
            "select n, n * 2 from numbers",
            "select mod(n, 7), count(*), sum(n) from numbers group by mod(n, 7)");

    private SluiceGateway push;
    private SluiceGateway collect;
    // advertises an address where nothing listens: its TaskManagers cannot reach its result endpoint
    private SluiceGateway unreachable;

    @BeforeAll
    void startGateways() throws Exception {
        push = GATEWAYS.start(Map.of("sluice.result.transport", "PUSH"));
        collect = GATEWAYS.start(Map.of("sluice.result.transport", "COLLECT"));
        unreachable = GATEWAYS.start(
                Map.of("sluice.result.transport", "PUSH", "sluice.result.advertised-address", "127.0.0.2"));
    }

    @Test
    void aClusterThatCannotReachTheEndpointIsServedByTheCollectPath() throws Exception {
        try (Connection connection = DriverManager.getConnection(unreachable.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(DDL.get(1));
            // the first query finds out, and runs again on the collect path: its rows are whole
            assertThat(sorted(rows(statement.executeQuery(QUERIES.get(1)))))
                    .isEqualTo(sorted(run(collect, "", QUERIES.get(1))));
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                assertThat(lastQuery(history).polls).isPositive();
            }
            // later queries go straight to the collect path
            assertThat(rows(statement.executeQuery(QUERIES.get(0)))).hasSize(4);
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                HistoryRow query = lastQuery(history);
                assertThat(query.outcome).isEqualTo("finished");
                assertThat(query.polls).isPositive();
            }
        }
        assertThat(MetricsText.of(unreachable))
                .contains("sluice_result_transport{cluster=\"embedded\",transport=\"COLLECT\"} 1")
                .contains("sluice_result_transport{cluster=\"embedded\",transport=\"PUSH\"} 0");
        assertThat(MetricsText.of(push)).contains("sluice_result_transport{cluster=\"embedded\",transport=\"PUSH\"} 1");
    }

    @Test
    void runsTheReferenceWorkloadOnThePushPath() throws SQLException {
        try (Connection connection = DriverManager.getConnection(push.jdbcUrl())) {
            ReferenceWorkload.runAndVerify(connection);
        }
    }

    @Test
    void givesTheSameRowsAsTheCollectPathInBatchMode() throws SQLException {
        for (String query : QUERIES) {
            assertThat(sorted(run(push, "", query)))
                    .as(query)
                    .isEqualTo(sorted(run(collect, "", query)))
                    .isNotEmpty();
        }
        assertThat(run(push, "", "select n from numbers")).hasSize(5000);
    }

    @Test
    void givesTheSameRowsAsTheCollectPathForAStreamingChangelog() throws SQLException {
        String streaming = ";execution.runtime-mode=streaming";
        for (String query : QUERIES) {
            assertThat(sorted(run(push, streaming, query)))
                    .as(query)
                    .isEqualTo(sorted(run(collect, streaming, query)))
                    .isNotEmpty();
        }
    }

    @Test
    void theHistorySaysThePushedQueryWasNeverPolled() throws SQLException {
        try (Connection connection = DriverManager.getConnection(push.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(DDL.get(1));
            assertThat(rows(statement.executeQuery(QUERIES.get(0)))).hasSize(4);
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                HistoryRow query = lastQuery(history);
                assertThat(query.outcome).isEqualTo("finished");
                assertThat(query.jobId).hasSize(32);
                assertThat(query.polls).isZero();
                assertThat(query.planCache).isEqualTo("miss");
                assertThat(query.firstRowMillis).isNotNull().isPositive();
                assertThat(query.lastRowMillis).isNotNull().isNotNegative();
                assertThat(query.totalMillis).isGreaterThanOrEqualTo(query.firstRowMillis);
            }
        }
    }

    @Test
    @Timeout(
            value = 3,
            unit = TimeUnit.MINUTES) // without the fix it hangs: the job waits for a reader that waits for it
    void aSessionThatWaitsForItsDmlStillGetsItsPushedRows() throws SQLException {
        try (Connection connection = DriverManager.getConnection(push.jdbcUrl());
                Statement statement = connection.createStatement()) {
            // more rows than the gateway buffers (4 MB) and the sockets hold: the sink blocks until they are read.
            // datagen makes 10,000 rows a second unless told otherwise
            statement.execute("create temporary table many (n bigint, s string) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '250000', 'rows-per-second' = '10000000', 'fields.s.length' = '16')");
            // with it, Flink waits for an INSERT's job to end; a pushed query is an INSERT whose job ends only once
            // its rows are read
            statement.execute("SET 'table.dml-sync' = 'true'");
            assertThat(rows(statement.executeQuery("select n, s from many"))).hasSize(250_000);
            assertThat(rows(statement.executeQuery("select n, s from many"))).hasSize(250_000);
        }
    }

    @Test
    void aFailingJobFailsThePushedQueryWithTheClustersCause() throws SQLException {
        try (Connection connection = DriverManager.getConnection(push.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(DDL.get(0));
            // fails on the TaskManager, after the job has started: the planner cannot fold it away
            assertThatThrownBy(() -> rows(statement.executeQuery("select 10 / (n - 3) from numbers where n < 5")))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("by zero");
            // the session goes on
            assertThat(rows(statement.executeQuery("select x from (values (1), (2)) as t(x)")))
                    .hasSize(2);
        }
    }

    private record HistoryRow(
            String outcome,
            String jobId,
            String planCache,
            Double firstRowMillis,
            Double lastRowMillis,
            double totalMillis,
            int polls) {}

    private static HistoryRow lastQuery(ResultSet history) throws SQLException {
        HistoryRow last = null;
        while (history.next()) {
            if (history.getString("kind").equals("QUERY")) {
                last = new HistoryRow(
                        history.getString("outcome"),
                        history.getString("job_id"),
                        history.getString("plan_cache"),
                        (Double) history.getObject("first_row_ms"),
                        (Double) history.getObject("last_row_ms"),
                        history.getDouble("total_ms"),
                        history.getInt("polls"));
            }
        }
        assertThat(last).as("a query in the history").isNotNull();
        return last;
    }

    private static List<List<Object>> run(SluiceGateway gateway, String properties, String query) throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl() + properties);
                Statement statement = connection.createStatement()) {
            for (String ddl : DDL) {
                statement.execute(ddl);
            }
            return rows(statement.executeQuery(query));
        }
    }

    private static List<String> sorted(List<List<Object>> rows) {
        List<String> lines = new ArrayList<>();
        for (List<Object> row : rows) {
            lines.add(row.toString());
        }
        lines.sort(Comparator.naturalOrder());
        return lines;
    }
}
