package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.AfterAll;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code Statement.cancel()} from another thread reaches the gateway through Sluice's cancel request ({@code POST
 * /sluice/cancel}): the statement's Flink job stops and the thread that waits for its rows fails with HY008.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class StatementCancelIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private final HttpClient http = HttpClient.newHttpClient();
    private final ExecutorService reader = Executors.newSingleThreadExecutor();
    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @AfterAll
    void stopReader() {
        reader.shutdownNow();
    }

    @Test
    void cancelFromAnotherThreadStopsTheJobAndFailsTheWaitingReaderWithHy008() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            // two minutes of rows: only a cancel ends this query within the test
            statement.execute("create temporary table slow (x int) with ("
                    + " 'connector' = 'datagen', 'number-of-rows' = '120', 'rows-per-second' = '1')");
            CompletableFuture<Long> count = CompletableFuture.supplyAsync(
                    () -> {
                        try (ResultSet result = statement.executeQuery("select count(*) from slow")) {
                            result.next();
                            return result.getLong(1);
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    reader);
            Eventually.within(Duration.ofSeconds(60))
                    .pollingEvery(Duration.ofMillis(100))
                    .untilAsserted(() -> assertThat(jobsOverview()).contains("\"RUNNING\""));

            long canceledAt = System.nanoTime();
            statement.cancel();

            assertThatThrownBy(() -> count.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .cause()
                    .satisfies(hasSqlState("HY008"));
            Duration readerFailedAfter = Duration.ofNanos(System.nanoTime() - canceledAt);
            assertThat(readerFailedAfter).as("the reader's wait ends").isLessThan(Duration.ofSeconds(2));
            Eventually.within(Duration.ofSeconds(10))
                    .pollingEvery(Duration.ofMillis(50))
                    .untilAsserted(() -> assertThat(jobsOverview())
                            .as("the job after the cancel")
                            .doesNotContain("\"RUNNING\"", "\"CANCELLING\"", "\"INITIALIZING\"", "\"CREATED\""));

            // the statement runs again
            try (ResultSet result = statement.executeQuery("select x from (values (7)) as t(x)")) {
                assertThat(result.next()).isTrue();
                assertThat(result.getInt(1)).isEqualTo(7);
            }
        }
    }

    @Test
    void cancellingAStatementThatRunsNothingDoesNothing() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.cancel();
            try (ResultSet result = statement.executeQuery("select x from (values (1), (2)) as t(x)")) {
                assertThat(ReferenceWorkload.rows(result)).containsExactly(List.of(1), List.of(2));
            }
        }
    }

    @Test
    void theCancelRequestNamesWhatItCannotFind() throws Exception {
        String base = "http://127.0.0.1:" + gateway.address().getPort() + "/sluice/cancel";

        HttpResponse<String> unknown = post(base + "?connection_id=no-such-connection&statement_id=1");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).contains("no-such-connection");

        HttpResponse<String> malformed = post(base + "?connection_id=c1&statement_id=first");
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(malformed.body()).isEqualTo("statement_id must be an integer, was first\n");
    }

    private HttpResponse<String> post(String uri) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(uri))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private String jobsOverview() throws Exception {
        HostAndPort rest = gateway.embeddedClusterRestAddress().orElseThrow();
        URI overview = URI.create("http://" + rest.host() + ":" + rest.port() + "/jobs/overview");
        return http.send(HttpRequest.newBuilder(overview).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
