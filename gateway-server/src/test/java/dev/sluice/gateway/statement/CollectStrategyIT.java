package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How queries wait on the cluster: the session's collect strategy decides when rows are looked for, {@code SET} changes
 * it for one session only, and a query that waits too long ends on the cluster with SQLState HYT00.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class CollectStrategyIT {
    /** Three rows at ten per second: the job runs about 300 ms, so the first poll of its sink always finds nothing. */
    private static final String SLOW_SHORT_SOURCE = "create temporary table slow_short (x int) with ("
            + " 'connector' = 'datagen', 'number-of-rows' = '3', 'rows-per-second' = '10')";
    /** 600 rows at two per second: five minutes, far longer than any test waits. */
    private static final String SLOW_LONG_SOURCE = "create temporary table slow_long (x int) with ("
            + " 'connector' = 'datagen', 'number-of-rows' = '600', 'rows-per-second' = '2')";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private final HttpClient http = HttpClient.newHttpClient();
    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        // the collect strategy paces the polls of Flink's collect sink: only the collect path has them
        gateway = GATEWAYS.start(Map.of("sluice.result.transport", "COLLECT"));
    }

    @Test
    void aSessionsFixedDelayIsItsOwnAndTheDefaultDoesNotWaitAFixedInterval() throws Exception {
        try (Connection slow = DriverManager.getConnection(gateway.jdbcUrl());
                Connection fast = DriverManager.getConnection(gateway.jdbcUrl())) {
            execute(slow, "SET 'collect-strategy.type' = 'fixed-delay'");
            execute(slow, "SET 'collect-strategy.fixed-delay.delay' = '4 s'");
            execute(slow, SLOW_SHORT_SOURCE);
            execute(fast, SLOW_SHORT_SOURCE);
            countRows(fast); // warm the planner, so that both timings below are of the wait alone

            long fastMillis = countRows(fast);
            long slowMillis = countRows(slow);

            // the slow session's sink is polled at 0 and 4 s: its job ends in between, so the rows wait for the poll
            assertThat(slowMillis).isGreaterThanOrEqualTo(4_000);
            // the other session keeps the default (1 ms doubling to 50 ms): the job's ~300 ms plus at most one wait
            assertThat(fastMillis).isLessThan(3_000);

            // the phase timings say where the time went: waiting for the job to start and for its first row, as each
            // strategy dictates (the slow session polls both every 4 s)
            HistoryRow slowQuery = lastQuery(slow);
            assertThat(slowQuery.startMillis() + slowQuery.firstRowMillis()).isGreaterThanOrEqualTo(4_000);
            HistoryRow fastQuery = lastQuery(fast);
            assertThat(fastQuery.startMillis() + fastQuery.firstRowMillis()).isLessThan(2_500);
            assertThat(fastQuery.polls()).isGreaterThan(1); // short polls until the rows came, not one long wait
            for (HistoryRow query : java.util.List.of(slowQuery, fastQuery)) {
                assertThat(query.outcome()).isEqualTo("finished");
                assertThat(query.planMillis()).isPositive();
                assertThat(query.totalMillis()).isGreaterThanOrEqualTo(query.planMillis() + query.firstRowMillis());
            }
        }
    }

    @Test
    void queryHistoryListsTheSessionsStatementsWithTheirOutcome() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("select x from (values (1)) as t(x)");
            assertThatThrownBy(() -> statement.execute("select * from no_such_table"))
                    .isInstanceOf(SQLException.class);
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                assertThat(history.next()).isTrue();
                assertThat(history.getString("statement")).isEqualTo("select x from (values (1)) as t(x)");
                assertThat(history.getString("outcome")).isEqualTo("finished");
                assertThat(history.getString("job_id")).hasSize(32);
                assertThat(history.getInt("polls")).isPositive();
                assertThat(history.next()).isTrue();
                assertThat(history.getString("statement")).isEqualTo("select * from no_such_table");
                assertThat(history.getString("outcome")).startsWith("failed: ").contains("no_such_table");
                assertThat(history.getString("job_id")).isNull();
                assertThat(history.next()).isFalse();
            }
        }
    }

    /** One row of SHOW QUERY HISTORY. */
    private record HistoryRow(
            String outcome,
            double planMillis,
            double startMillis,
            double firstRowMillis,
            double totalMillis,
            int polls) {}

    private static HistoryRow lastQuery(Connection connection) throws SQLException {
        HistoryRow last = null;
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("show query history")) {
            while (history.next()) {
                if (history.getString("kind").equals("QUERY")) {
                    last = new HistoryRow(
                            history.getString("outcome"),
                            history.getDouble("plan_ms"),
                            history.getDouble("start_ms"),
                            history.getDouble("first_row_ms"),
                            history.getDouble("total_ms"),
                            history.getInt("polls"));
                }
            }
        }
        assertThat(last).as("a query in the history").isNotNull();
        return last;
    }

    @Test
    void aQueryTimeoutCancelsTheJobAndSaysHowLongItWaited() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(SLOW_LONG_SOURCE);
            statement.execute("SET 'sluice.query.timeout' = '1 s'");

            long start = System.nanoTime();
            assertThatThrownBy(() -> statement.executeQuery("select count(*) from slow_long"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("HYT00");
                        assertThat(e.getMessage())
                                .contains("sluice.query.timeout = 1 s")
                                .contains("polls of the cluster")
                                .contains("its job has been cancelled");
                    });
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            awaitNoRunningJobs();

            // the session goes on serving
            try (ResultSet result = statement.executeQuery("select 41 + 1")) {
                assertThat(result.next()).isTrue();
                assertThat(result.getInt(1)).isEqualTo(42);
            }
        }
    }

    @Test
    void exhaustedAttemptsEndTheQueryWithTheirCount() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(SLOW_LONG_SOURCE);
            statement.execute("SET 'collect-strategy.type' = 'fixed-delay'");
            statement.execute("SET 'collect-strategy.fixed-delay.delay' = '20 ms'");
            statement.execute("SET 'collect-strategy.fixed-delay.attempts' = '5'");

            assertThatThrownBy(() -> statement.executeQuery("select count(*) from slow_long"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("HYT00");
                        assertThat(e.getMessage()).contains("after 5 polls of the cluster");
                    });
            awaitNoRunningJobs();
        }
    }

    @Test
    void aBadStrategyInSetIsRefusedAndChangesNothing() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.execute("SET 'collect-strategy.type' = 'sometimes'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("22023");
                        assertThat(e.getMessage())
                                .contains("collect-strategy.type")
                                .contains("exponential-delay");
                    });
            assertThatThrownBy(() ->
                            statement.execute("SET 'collect-strategy.exponential-delay.backoff-multiplier' = '0.5'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("22023");
                        assertThat(e.getMessage()).contains("backoff-multiplier");
                    });
            assertThatThrownBy(() -> statement.execute("SET 'sluice.query.timeout' = 'soon'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("22023");
                        assertThat(e.getMessage()).contains("sluice.query.timeout");
                    });

            try (ResultSet options = statement.executeQuery("SET")) {
                while (options.next()) {
                    assertThat(options.getString(1)).doesNotStartWith("collect-strategy.");
                    assertThat(options.getString(2)).isNotEqualTo("soon");
                }
            }
            try (ResultSet result = statement.executeQuery("select 1")) {
                assertThat(result.next()).isTrue();
            }
        }
    }

    @Test
    void aSluiceOptionAConnectionCannotSetIsRefusedNotIgnored() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.execute("SET 'sluice.query.timout' = '1 s'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("22023");
                        assertThat(e.getMessage())
                                .contains("sluice.query.timout cannot be set per connection")
                                .contains("sluice.query.timeout");
                    });
        }
        assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl() + ";sluice.server.port=1"))
                .satisfies(hasSqlState("22023"));
    }

    @Test
    void aBadStrategyInTheUrlRefusesTheConnection() {
        assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl() + ";collect-strategy.type=sometimes"))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("22023");
                    assertThat(e.getMessage()).contains("collect-strategy.type");
                });
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** Runs a count over the slow source and returns how long it took, in milliseconds. */
    private static long countRows(Connection connection) throws SQLException {
        long start = System.nanoTime();
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select count(*) from slow_short")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getLong(1)).isEqualTo(3);
        }
        return Duration.ofNanos(System.nanoTime() - start).toMillis();
    }

    /** Waits until the embedded cluster runs no job: a timed-out query's job must be cancelled, not left running. */
    private void awaitNoRunningJobs() throws Exception {
        HostAndPort rest = gateway.embeddedClusterRestAddress().orElseThrow();
        URI overview = URI.create("http://" + rest.host() + ":" + rest.port() + "/jobs/overview");
        Eventually.within(Duration.ofSeconds(20))
                .pollingEvery(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(http.send(
                                        HttpRequest.newBuilder(overview).build(), HttpResponse.BodyHandlers.ofString())
                                .body())
                        .as("a job still runs 20 s after its query ended")
                        .doesNotContain("\"RUNNING\"", "\"CANCELLING\"", "\"INITIALIZING\"", "\"CREATED\""));
    }
}
