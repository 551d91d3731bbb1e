package dev.sluice.gateway.history;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.testing.Eventually;
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
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The job's own lifetime in {@code SHOW QUERY HISTORY} and {@code /metrics}: read from the cluster after the job ended,
 * on the push path and on the collect path, and the client's wait beyond it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
final class JobLifetimeHistoryIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final String TABLE = "create temporary table numbers (n BIGINT) with ('connector' = 'datagen',"
            + " 'number-of-rows' = '2000', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1',"
            + " 'fields.n.end' = '2000')";
    private static final String QUERY = "select n from numbers";
    private static final Pattern BEYOND_JOB_COUNT =
            Pattern.compile("sluice_query_beyond_job_seconds_count\\{cluster=\"embedded\"} (\\d+)");

    private SluiceGateway push;
    private SluiceGateway collect;

    @BeforeAll
    void startGateways() throws Exception {
        push = GATEWAYS.start(Map.of("sluice.result.transport", "PUSH"));
        collect = GATEWAYS.start(Map.of("sluice.result.transport", "COLLECT"));
    }

    @Test
    void aPushedQuerysHistoryShowsItsJobsLifetimeAndTheWaitBeyondIt() throws Exception {
        assertHistoryHasTheJobsLifetime(push);
    }

    @Test
    void aCollectedQuerysHistoryShowsItsJobsLifetimeAndTheWaitBeyondIt() throws Exception {
        assertHistoryHasTheJobsLifetime(collect);
    }

    @Test
    void aQueryWithoutAJobHasNoJobLifetime() throws Exception {
        try (Connection connection = DriverManager.getConnection(push.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery("SELECT 1")))
                    .hasSize(1);
            Thread.sleep(500); // a lifetime that were wrongly asked for would have arrived by now
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                assertThat(history.next()).isTrue();
                assertThat(history.getString("statement")).isEqualTo("SELECT 1");
                assertThat(history.getString("job_id")).isNull();
                assertThat(history.getObject("job_ms")).isNull();
                assertThat(history.getObject("job_running_ms")).isNull();
                assertThat(history.getObject("beyond_job_ms")).isNull();
            }
        }
    }

    private static void assertHistoryHasTheJobsLifetime(SluiceGateway gateway) throws Exception {
        long countedBefore = beyondJobCount(gateway);
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(TABLE);
            assertThat(ReferenceWorkload.rows(statement.executeQuery(QUERY))).hasSize(2000);
            // the lifetime arrives after the client's answer; the history's row shows it once it has
            Eventually.within(Duration.ofSeconds(20))
                    .pollingEvery(Duration.ofMillis(100))
                    .untilAsserted(() -> {
                        try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                            assertQueryRowHasTheJobsLifetime(history);
                        }
                    });
        }
        Eventually.within(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(beyondJobCount(gateway)).isEqualTo(countedBefore + 1));
    }

    private static void assertQueryRowHasTheJobsLifetime(ResultSet history) throws SQLException {
        boolean found = false;
        while (history.next()) {
            if (!history.getString("statement").equals(QUERY)) {
                continue;
            }
            found = true;
            assertThat(history.getString("outcome")).isEqualTo("finished");
            assertThat(history.getString("job_id")).isNotNull();
            double total = history.getDouble("total_ms");
            Double job = (Double) history.getObject("job_ms");
            Double running = (Double) history.getObject("job_running_ms");
            Double beyond = (Double) history.getObject("beyond_job_ms");
            assertThat(job).as("job_ms").isNotNull().isPositive().isLessThanOrEqualTo(total);
            assertThat(running).as("job_running_ms").isNotNull().isPositive().isLessThanOrEqualTo(job);
            assertThat(beyond).as("beyond_job_ms").isNotNull().isCloseTo(total - job, within(1e-6));
        }
        assertThat(found).as("the query in the history").isTrue();
    }

    private static long beyondJobCount(SluiceGateway gateway) throws Exception {
        String metrics = MetricsText.of(gateway);
        Matcher count = BEYOND_JOB_COUNT.matcher(metrics);
        return count.find() ? Long.parseLong(count.group(1)) : 0;
    }
}
