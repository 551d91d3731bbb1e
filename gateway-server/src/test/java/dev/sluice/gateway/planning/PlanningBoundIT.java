package dev.sluice.gateway.planning;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.PasswordUsers;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.sluice.gateway.testing.RawAvaticaJson.openStatement;
import static dev.sluice.gateway.testing.RawAvaticaJson.prepareAndExecute;
import static dev.sluice.gateway.testing.RawAvaticaJson.send;
import static dev.sluice.gateway.testing.RawAvaticaJson.sendOnly;
import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code sluice.query.max-planning-time}: a statement within the bounds checked before planning that Flink's planner
 * still takes seconds over is answered with HYT00 as soon as its planning passes the bound, while other users are
 * served; it runs no job, keeps its session (refused at once meanwhile) and its user's running-statement place until
 * the planner has ended on its own, and then the session works again. A client that goes away while its statement
 * plans frees its request thread at once.
 */
final class PlanningBoundIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    // nine IN lists of 1,000 values (the most a list may have), 18,000 of the 20,000 tokens a statement may have:
    // within every bound checked before planning, and 3 to 10 s of Flink's planning on a 2-core machine (less as the
    // JVM warms up: 8, 5 and 3 s for the first three in one JVM)
    private static final String SLOW_TO_PLAN = "select x from t where "
            + IntStream.range(0, 9)
                    .mapToObj(list -> "x in ("
                            + IntStream.range(list * 1000, list * 1000 + 1000)
                                    .mapToObj(Integer::toString)
                                    .collect(Collectors.joining(", "))
                            + ")")
                    .collect(Collectors.joining(" or "));
    private static final String TABLE =
            "create temporary table t (x INT) with ('connector' = 'datagen', 'number-of-rows' = '3')";

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @TempDir
    Path directory;

    /**
     * The JVM's first statements load and compile the planner's code, which may take longer than the 1 s bound of the
     * first test: a gateway without that bound plans a few light statements first.
     */
    @BeforeAll
    static void warmUpThePlanner() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(TABLE);
            one(statement, "select 41 + 1");
            one(statement, "select count(*) from t where x in (1, 2, 3)");
        }
    }

    @AfterEach
    void close() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    @Test
    void aStatementPastItsPlanningBoundIsAnsweredAtOnceAndRunsNoJobWhileOthersAreServed() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.query.max-planning-time", "1 s",
                "sluice.security.authentication.methods", "PASSWORD",
                "sluice.security.authentication.password.file",
                        PasswordUsers.write(directory, "alice", "bob").toString(),
                "sluice.security.user.max-running-statements", "1"));
        Statement alice = statement(gateway, "alice");
        Statement alicesOther = statement(gateway, "alice");
        Statement bob = statement(gateway, "bob");
        alice.execute(TABLE);
        assertThat(one(bob, "select 41 + 1")).isEqualTo(42);
        int jobsBefore = jobs(gateway);

        long start = System.nanoTime();
        assertThatThrownBy(() -> alice.executeQuery(SLOW_TO_PLAN))
                .isInstanceOf(SQLTimeoutException.class)
                .satisfies(hasSqlState("HYT00"))
                .hasMessageContaining(
                        "Planning took longer than sluice.query.max-planning-time (1 s); the statement runs no job");
        Duration refusedAfter = Duration.ofNanos(System.nanoTime() - start);
        System.out.printf("planning bound: HYT00 after %d ms%n", refusedAfter.toMillis());
        assertThat(refusedAfter)
                .as("answered when the bound passed, not when the planning ended")
                .isBetween(Duration.ofSeconds(1), Duration.ofSeconds(2));

        // the planning goes on, on its worker: the session is refused at once, and it is one of alice's statements
        long refusedStart = System.nanoTime();
        assertThatThrownBy(() -> alice.executeQuery("select 1"))
                .satisfies(hasSqlState("53000"))
                .hasMessageContaining("The session is still planning statement")
                .hasMessageContaining("which passed sluice.query.max-planning-time (1 s) and runs no job");
        assertThat(Duration.ofNanos(System.nanoTime() - refusedStart)).isLessThan(Duration.ofSeconds(1));
        assertThat(runningStatements(alicesOther)).containsExactly("planning, given up");
        assertThatThrownBy(() -> alicesOther.executeQuery("select 41 + 1"))
                .as("it holds alice's one running statement")
                .satisfies(hasSqlState("53000"))
                .hasMessageContaining("User alice already has 1 statements running");
        assertThat(one(bob, "select 41 + 1")).as("another user meanwhile").isEqualTo(42);
        assertThat(runningStatements(alicesOther))
                .as("still planning after the others were answered")
                .containsExactly("planning, given up");

        // once the planner has ended on its own, the session works again and nothing ran
        Eventually.within(Duration.ofSeconds(90))
                .pollingEvery(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(runningStatements(alicesOther)).isEmpty());
        assertThat(one(alice, "select 1")).isEqualTo(1);
        assertThat(one(alicesOther, "select 41 + 1")).isEqualTo(42);
        try (ResultSet history = alice.executeQuery("show query history")) {
            List<String> slow = new ArrayList<>();
            while (history.next()) {
                if (history.getString("statement").startsWith("select x from t where x in")) {
                    slow.add(history.getString("outcome") + " / job " + history.getString("job_id"));
                }
            }
            assertThat(slow)
                    .containsExactly("failed: Planning took longer than sluice.query.max-planning-time (1 s); the"
                            + " statement runs no job / job null");
        }
        assertThat(jobs(gateway)).as("no job was submitted").isEqualTo(jobsBefore);
        assertThat(one(alice, "select count(*) from t")).isEqualTo(3);
        assertThat(jobs(gateway)).as("a query that runs a job is counted").isEqualTo(jobsBefore + 1);
    }

    @Test
    void aClientThatGoesAwayWhileItsStatementPlansFreesItsRequestThreadAtOnce() throws Exception {
        // one RPC thread: while a request holds it, no other is answered
        SluiceGateway gateway =
                GATEWAYS.start(Map.of("sluice.server.rpc-threads", "1", "sluice.query.max-planning-time", "10 min"));
        Statement watching = statement(gateway, null);
        int jobsBefore = jobs(gateway);
        String connectionId = UUID.randomUUID().toString();
        try (Socket socket = new Socket("127.0.0.1", gateway.address().getPort())) {
            String statementId = openStatement(socket, connectionId, "{}");
            assertThat(send(socket, prepareAndExecute(connectionId, statementId, TABLE)))
                    .contains("\"response\":\"executeResults\"");
            sendOnly(socket, prepareAndExecute(connectionId, statementId, SLOW_TO_PLAN)); // the answer is never read
            Thread.sleep(500); // the statement has reached the gateway and plans
            socket.close(); // the client is killed
        }

        long start = System.nanoTime();
        List<String> running = runningStatements(watching);
        Duration answeredAfter = Duration.ofNanos(System.nanoTime() - start);
        assertThat(running).as("its planning goes on").containsExactly("planning, given up");
        assertThat(answeredAfter)
                .as("the one RPC thread was freed when the client went away, not when the planning ended")
                .isLessThan(Duration.ofSeconds(2));

        Eventually.within(Duration.ofSeconds(90))
                .pollingEvery(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(runningStatements(watching)).isEmpty());
        assertThat(jobs(gateway)).as("no job was submitted").isEqualTo(jobsBefore);
    }

    @Test
    void aStatementCancelledWhileItPlansIsAnsweredAtOnce() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.query.max-planning-time", "10 min"));
        Statement statement = statement(gateway, null);
        Statement watching = statement(gateway, null);
        statement.execute(TABLE);
        int jobsBefore = jobs(gateway);

        CompletableFuture<Long> failedAt = CompletableFuture.supplyAsync(() -> {
            try (ResultSet rows = statement.executeQuery(SLOW_TO_PLAN)) {
                throw new AssertionError("the statement was not cancelled");
            } catch (SQLException e) {
                assertThat((Throwable) e).satisfies(hasSqlState("HY008"));
                assertThat(e.getMessage()).contains("was canceled before its planning ended; it runs no job");
                return System.nanoTime();
            }
        });
        Eventually.within(Duration.ofSeconds(30))
                .pollingEvery(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(runningStatements(watching)).containsExactly("planning"));
        long cancelledAt = System.nanoTime();
        statement.cancel();

        assertThat(Duration.ofNanos(failedAt.get(10, TimeUnit.SECONDS) - cancelledAt))
                .as("answered at once, while the planner goes on")
                .isLessThan(Duration.ofSeconds(1));
        assertThat(runningStatements(watching)).containsExactly("planning, given up");
        Eventually.within(Duration.ofSeconds(90))
                .pollingEvery(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(runningStatements(watching)).isEmpty());
        assertThat(one(statement, "select 1")).isEqualTo(1);
        assertThat(jobs(gateway)).as("no job was submitted").isEqualTo(jobsBefore);
    }

    /** A statement of a new connection of {@code user} (password authentication), or anonymous when null. */
    private Statement statement(SluiceGateway gateway, String user) throws SQLException {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
            properties.setProperty("password", PasswordUsers.password(user));
        }
        Connection connection = DriverManager.getConnection(gateway.jdbcUrl(), properties);
        toClose.add(connection);
        return connection.createStatement();
    }

    private static int one(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getInt(1);
        }
    }

    /** The states of the statements running in the sessions of the statement's user ({@code SHOW QUERIES}). */
    private static List<String> runningStatements(Statement statement) throws SQLException {
        List<String> states = new ArrayList<>();
        try (ResultSet queries = statement.executeQuery("SHOW QUERIES")) {
            while (queries.next()) {
                states.add(queries.getString("state"));
            }
        }
        return states;
    }

    /** The jobs the embedded cluster knows, running or ended. */
    private int jobs(SluiceGateway gateway) throws Exception {
        HostAndPort rest = gateway.embeddedClusterRestAddress().orElseThrow();
        URI overview = URI.create("http://" + rest.host() + ":" + rest.port() + "/jobs/overview");
        String body = http.send(HttpRequest.newBuilder(overview).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        return body.split("\"jid\"", -1).length - 1;
    }
}
