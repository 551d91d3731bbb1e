package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.PasswordUsers;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code STOP JOB} through the JDBC driver, on a gateway with two users: a streaming {@code INSERT} runs on one
 * connection (its statement waits for the job's end) while other connections stop it, or are refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class StopJobIT {
    private static final String NEVER_A_JOB = "0123456789abcdef0123456789abcdef";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    static Path directory;

    private final ExecutorService inserts = Executors.newSingleThreadExecutor();
    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        Path users = PasswordUsers.write(directory, "alice", "bob", "root");
        gateway = GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods",
                "PASSWORD",
                "sluice.security.authentication.password.file",
                users.toString(),
                "sluice.security.authorization.admins",
                "root",
                // a savepoint directory a session sets must be writable for it
                "sluice.security.data.writable-locations",
                directory.resolve("savepoints").toString()));
    }

    @AfterAll
    void stopInserts() {
        inserts.shutdownNow();
    }

    @Test
    void cancelsARunningJobForItsOwnerOnly() throws Exception {
        try (Connection running = connect("alice");
                Connection alice = connect("alice");
                Connection bob = connect("bob")) {
            String jobName = "stop-job-it-" + UUID.randomUUID();
            Future<Integer> insert = startEndlessInsert(running, jobName);
            String jobId = runningJob(alice, jobName, insert);

            assertThatThrownBy(() -> execute(bob, "STOP JOB '" + jobId + "'"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("Job " + jobId
                            + " was not started by your sessions on this gateway; only its owner may stop it");
            assertThat(state(alice, jobId)).isEqualTo("RUNNING");

            try (Statement statement = alice.createStatement()) {
                assertThat(statement.execute("STOP JOB '" + jobId + "'")).isFalse();
                assertThat(statement.getUpdateCount()).isZero();
            }

            assertThatThrownBy(() -> insert.get(60, TimeUnit.SECONDS))
                    .as("the INSERT whose job was cancelled fails")
                    .hasCauseInstanceOf(SQLException.class);
            Eventually.within(Duration.ofSeconds(30))
                    .pollingEvery(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(state(alice, jobId)).isEqualTo("CANCELED"));
            assertThatThrownBy(() -> execute(alice, "STOP JOB '" + jobId + "'"))
                    .satisfies(hasSqlState("55000"))
                    .hasMessageContaining("Job " + jobId + " has ended already (CANCELED)");
        }
    }

    @Test
    void anAdminStopsAnotherUsersJob() throws Exception {
        try (Connection running = connect("alice");
                Connection alice = connect("alice");
                Connection root = connect("root")) {
            String jobName = "stop-job-admin-it-" + UUID.randomUUID();
            Future<Integer> insert = startEndlessInsert(running, jobName);
            String jobId = runningJob(alice, jobName, insert);

            try (Statement statement = root.createStatement()) {
                assertThat(statement.execute("STOP JOB '" + jobId + "'")).isFalse();
            }

            assertThatThrownBy(() -> insert.get(60, TimeUnit.SECONDS)).hasCauseInstanceOf(SQLException.class);
            Eventually.within(Duration.ofSeconds(30))
                    .pollingEvery(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(state(alice, jobId)).isEqualTo("CANCELED"));
        }
    }

    @Test
    void refusesAnUnknownOrMalformedJobId() throws Exception {
        try (Connection alice = connect("alice")) {
            assertThatThrownBy(() -> execute(alice, "STOP JOB '" + NEVER_A_JOB + "'"))
                    .satisfies(hasSqlState("42704"))
                    .hasMessageContaining("Job " + NEVER_A_JOB + " does not exist on cluster 'embedded'");
            assertThatThrownBy(() -> execute(alice, "STOP JOB 'my-job'"))
                    .satisfies(hasSqlState("42000"))
                    .hasMessageContaining("expected the job id: 32 hexadecimal digits in single quotes");
        }
    }

    @Test
    void stopsWithASavepointOnlyWhereThereIsASavepointDirectory() throws Exception {
        try (Connection running = connect("alice");
                Connection alice = connect("alice")) {
            String jobName = "stop-job-savepoint-it-" + UUID.randomUUID();
            Future<Integer> insert = startEndlessInsert(running, jobName);
            String jobId = runningJob(alice, jobName, insert);

            assertThatThrownBy(() -> execute(alice, "STOP JOB '" + jobId + "' WITH SAVEPOINT"))
                    .satisfies(hasSqlState("55000"))
                    .hasMessageContaining("Job " + jobId + " was not stopped: cluster 'embedded' has no savepoint"
                            + " directory; set 'execution.checkpointing.savepoint-dir'");
            assertThat(state(alice, jobId)).isEqualTo("RUNNING");

            Path savepoints = Files.createDirectories(directory.resolve("savepoints"));
            try (Statement statement = alice.createStatement()) {
                statement.execute("SET 'execution.checkpointing.savepoint-dir' = '" + savepoints.toUri() + "'");
                // a job that Flink lists as RUNNING may still deploy its tasks, and a savepoint needs them all
                Eventually.within(Duration.ofSeconds(60))
                        .pollingEvery(Duration.ofMillis(500))
                        .untilAsserted(() -> {
                            try (ResultSet rows =
                                    statement.executeQuery("STOP JOB '" + jobId + "' WITH SAVEPOINT WITH DRAIN")) {
                                assertThat(rows.getMetaData().getColumnLabel(1)).isEqualTo("savepoint path");
                                assertThat(rows.next()).isTrue();
                                Path savepoint = Path.of(URI.create(rows.getString(1)));
                                assertThat(savepoint.getParent()).isEqualTo(savepoints.toRealPath());
                                assertThat(savepoint.resolve("_metadata")).isRegularFile();
                                assertThat(rows.next()).isFalse();
                            } catch (SQLException e) {
                                if (e.getMessage().contains("Not all required tasks are currently running")) {
                                    throw new AssertionError("the job's tasks are not all running yet", e);
                                }
                                throw e;
                            }
                        });
            }
            assertThat(insert.get(60, TimeUnit.SECONDS))
                    .as("a job stopped with a savepoint finishes")
                    .isNotNegative();
            assertThat(state(alice, jobId)).isEqualTo("FINISHED");
        }
    }

    /** Starts an INSERT from an unbounded source on {@code connection}; it returns only when its job ends. */
    private Future<Integer> startEndlessInsert(Connection connection, String jobName) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET 'execution.runtime-mode' = 'streaming'");
            statement.execute("SET 'pipeline.name' = '" + jobName + "'");
            statement.execute(
                    "create temporary table src (x BIGINT) with ('connector' = 'datagen', 'rows-per-second' = '5')");
            statement.execute("create temporary table sink (x BIGINT) with ('connector' = 'blackhole')");
        }
        return inserts.submit(() -> {
            try (Statement statement = connection.createStatement()) {
                return statement.executeUpdate("insert into sink select x from src");
            }
        });
    }

    /** The id of job {@code jobName}, which {@code insert} runs, once SHOW JOBS lists it as running. */
    private static String runningJob(Connection connection, String jobName, Future<Integer> insert) throws Exception {
        AtomicReference<String> id = new AtomicReference<>();
        Eventually.within(Duration.ofSeconds(60))
                .pollingEvery(Duration.ofMillis(200))
                .untilAsserted(() -> {
                    assertThat(insert).as("the INSERT still runs").isNotDone();
                    try (Statement statement = connection.createStatement();
                            ResultSet jobs = statement.executeQuery("SHOW JOBS")) {
                        while (jobs.next()) {
                            if (jobs.getString("job name").equals(jobName)
                                    && jobs.getString("status").equals("RUNNING")) {
                                id.set(jobs.getString("job id"));
                            }
                        }
                    }
                    assertThat(id.get()).as("a running job").isNotNull();
                });
        return id.get();
    }

    private static String state(Connection connection, String jobId) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet jobs = statement.executeQuery("SHOW JOBS")) {
            while (jobs.next()) {
                if (jobs.getString("job id").equals(jobId)) {
                    return jobs.getString("status");
                }
            }
        }
        throw new AssertionError("SHOW JOBS does not list " + jobId);
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private Connection connect(String user) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", user + "-secret");
        return DriverManager.getConnection(gateway.jdbcUrl(), properties);
    }
}
