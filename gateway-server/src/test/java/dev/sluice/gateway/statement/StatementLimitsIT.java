package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code Statement.setQueryTimeout} and {@code setMaxRows} are honoured on the gateway: a timeout cancels the
 * statement's Flink job and fails with SQLState HYT00, and a row limit ends the job once the rows are read, before the
 * result set is closed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class StatementLimitsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    /** Two minutes of rows, one a second: only a limit ends a query of it within a test. */
    private static final String SLOW_TABLE = "create temporary table slow (x int) with ("
            + " 'connector' = 'datagen', 'number-of-rows' = '120', 'rows-per-second' = '1')";

    /** A thousand rows, fifty a second: twenty seconds of rows. */
    private static final String STEADY_TABLE = "create temporary table steady (x int) with ("
            + " 'connector' = 'datagen', 'number-of-rows' = '1000', 'rows-per-second' = '50')";

    private final HttpClient http = HttpClient.newHttpClient();
    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @Test
    void queryTimeoutCancelsTheJobAndFailsWithHyt00() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(SLOW_TABLE);
            statement.setQueryTimeout(2);

            long started = System.nanoTime();
            assertThatThrownBy(() -> statement.executeQuery("select count(*) from slow"))
                    .isInstanceOfSatisfying(SQLTimeoutException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("HYT00");
                        assertThat(e.getMessage()).contains("Statement.setQueryTimeout = 2 s");
                    });
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(15));
            assertNoJobRuns();

            // a timeout set back to none lets the statement run as long as it takes
            statement.setQueryTimeout(0);
            statement.execute("create temporary table three (x int) with ("
                    + " 'connector' = 'datagen', 'number-of-rows' = '3', 'rows-per-second' = '1')");
            try (ResultSet result = statement.executeQuery("select count(*) from three")) {
                assertThat(result.next()).isTrue();
                assertThat(result.getLong(1)).isEqualTo(3);
            }
        }
    }

    @Test
    void queryTimeoutOfAPreparedStatementEndsAResultThatIsStillBeingRead() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute(SLOW_TABLE);
            }
            try (PreparedStatement statement = connection.prepareStatement("select x from slow where x <> ?")) {
                statement.setInt(1, 0);
                statement.setQueryTimeout(3);
                List<Integer> read = new ArrayList<>();
                assertThatThrownBy(() -> {
                            try (ResultSet result = statement.executeQuery()) {
                                while (result.next()) {
                                    read.add(result.getInt(1));
                                }
                            }
                        })
                        .isInstanceOfSatisfying(
                                SQLTimeoutException.class,
                                e -> assertThat(e.getSQLState()).isEqualTo("HYT00"));
                assertThat(read).as("rows read in 3 s of a 2-minute result").hasSizeLessThan(10);
            }
            assertNoJobRuns();
        }
    }

    @Test
    void maxRowsOfAPreparedStatementEndsTheJobBeforeTheResultIsClosed() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute(STEADY_TABLE);
            }
            try (PreparedStatement statement = connection.prepareStatement("select x from steady where x <> ?")) {
                statement.setInt(1, 0);
                statement.setMaxRows(5);
                try (ResultSet result = statement.executeQuery()) {
                    assertThat(ReferenceWorkload.rows(result)).hasSize(5);
                    assertNoJobRuns(); // while the result set is still open
                }
                // the limit stays with the statement, and can be lifted
                statement.setMaxRows(7);
                try (ResultSet result = statement.executeQuery()) {
                    assertThat(ReferenceWorkload.rows(result)).hasSize(7);
                }
            }
            assertNoJobRuns();
        }
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void maxRowsOfAStatementEndsTheJobBeforeTheResultIsClosed(ClientDriver driver) throws Exception {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement()) {
            statement.execute(STEADY_TABLE);
            statement.setMaxRows(3);
            try (ResultSet result = statement.executeQuery("select x from steady")) {
                assertThat(ReferenceWorkload.rows(result)).hasSize(3);
                assertNoJobRuns();
            }
        }
    }

    @Test
    void limitsOfAnUnknownStatementAre404AndMalformedOnes400() throws Exception {
        String base = "http://127.0.0.1:" + gateway.address().getPort() + "/sluice/limits";

        HttpResponse<String> unknown =
                post(base + "?connection_id=no-such-connection&statement_id=1&query_timeout_ms=0&max_rows=0");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).contains("no-such-connection");

        HttpResponse<String> negative = post(base + "?connection_id=c1&statement_id=1&query_timeout_ms=-5&max_rows=0");
        assertThat(negative.statusCode()).isEqualTo(400);
        assertThat(negative.body())
                .isEqualTo("query_timeout_ms must be between 0 and " + Long.MAX_VALUE + ", was -5\n");
    }

    private HttpResponse<String> post(String uri) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(uri))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private void assertNoJobRuns() throws Exception {
        Eventually.within(Duration.ofSeconds(10))
                .pollingEvery(Duration.ofMillis(50))
                .untilAsserted(() -> assertThat(jobsOverview())
                        .as("the cluster's jobs")
                        .doesNotContain("\"RUNNING\"", "\"CANCELLING\"", "\"INITIALIZING\"", "\"CREATED\""));
    }

    private String jobsOverview() throws Exception {
        HostAndPort rest = gateway.embeddedClusterRestAddress().orElseThrow();
        URI overview = URI.create("http://" + rest.host() + ":" + rest.port() + "/jobs/overview");
        return http.send(HttpRequest.newBuilder(overview).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
