package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Admission through JDBC: with one job allowed in flight, a second query waits in the queue until the first one's
 * result is closed, and a query beyond the queue is refused at once with 53000.
 */
final class AdmissionIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final String UNBOUNDED_TABLE = "create temporary table ticks (x int) with ("
            + " 'connector' = 'datagen', 'rows-per-second' = '10', 'number-of-rows' = '100000')";
    private static final String ONE_ROW_TABLE =
            "create temporary table single (x int) with ('connector' = 'datagen', 'number-of-rows' = '1')";

    @Test
    void queriesBeyondTheBoundWaitInTheQueueAndBeyondTheQueueAreRefused() throws Exception {
        ExecutorService threads = Executors.newSingleThreadExecutor();
        try (SluiceGateway gateway = GATEWAYS.start(Map.of(
                        "sluice.cluster.embedded.admission.max-running-jobs", "1",
                        "sluice.cluster.embedded.admission.max-queued", "1"));
                Connection holder = DriverManager.getConnection(gateway.jdbcUrl());
                Connection waiter = DriverManager.getConnection(gateway.jdbcUrl());
                Connection refused = DriverManager.getConnection(gateway.jdbcUrl());
                Statement holding = holder.createStatement()) {
            holding.execute(UNBOUNDED_TABLE);
            try (Statement statement = waiter.createStatement()) {
                statement.execute(ONE_ROW_TABLE);
            }
            try (Statement statement = refused.createStatement()) {
                statement.execute(ONE_ROW_TABLE);
            }
            // a slow query holds the one place while its statement is open
            Statement heldStatement = holder.createStatement();
            ResultSet held = heldStatement.executeQuery("select x from ticks");
            assertThat(held.next()).isTrue();

            Future<Long> queued = threads.submit(() -> {
                try (Statement statement = waiter.createStatement();
                        ResultSet rows = statement.executeQuery("select count(*) from single")) {
                    assertThat(rows.next()).isTrue();
                    return rows.getLong(1);
                }
            });
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(MetricsText.of(gateway))
                            .contains("sluice_admission_queued{cluster=\"embedded\"} 1"));
            assertThat(MetricsText.of(gateway)).contains("sluice_admission_running_jobs{cluster=\"embedded\"} 1");
            long queuedAt = System.nanoTime();
            Thread.sleep(500); // a wait long enough to show in the queue phase

            try (Statement statement = refused.createStatement()) {
                assertThatThrownBy(() -> statement.executeQuery("select count(*) from single"))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("sluice.cluster.embedded.admission.max-queued")
                        .satisfies(hasSqlState("53000"));
            }
            assertThat(queued).isNotDone();

            // closing the statement (a ResultSet's close stays in the client with Avatica) cancels the job, and its
            // place goes to the waiting query
            heldStatement.close();
            long releasedAt = System.nanoTime();
            assertThat(queued.get(60, TimeUnit.SECONDS)).isEqualTo(1);

            try (Statement statement = waiter.createStatement();
                    ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                double queueMillis = -1;
                while (history.next()) {
                    if (history.getString("statement").contains("from single")) {
                        queueMillis = history.getDouble("queue_ms");
                    }
                }
                assertThat(queueMillis).isGreaterThanOrEqualTo((releasedAt - queuedAt) / 1e6);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aQueryWaitingForAdmissionEndsAtItsOwnDeadline() throws Exception {
        try (SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.cluster.embedded.admission.max-running-jobs", "1"));
                Connection holder = DriverManager.getConnection(gateway.jdbcUrl());
                Connection waiter = DriverManager.getConnection(gateway.jdbcUrl() + ";sluice.query.timeout=3 s");
                Statement holding = holder.createStatement();
                Statement waiting = waiter.createStatement()) {
            holding.execute(UNBOUNDED_TABLE);
            waiting.execute(ONE_ROW_TABLE);
            ResultSet held = holding.executeQuery("select x from ticks");
            assertThat(held.next()).isTrue();

            long start = System.nanoTime();
            assertThatThrownBy(() -> waiting.executeQuery("select count(*) from single"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("HYT00");
                        assertThat(e.getMessage())
                                .contains("for admission to cluster 'embedded' (sluice.query.timeout)");
                    });
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("the query's 3 s, not client.timeout's 60 s")
                    .isBetween(Duration.ofSeconds(2), Duration.ofSeconds(20));
        }
    }
}
