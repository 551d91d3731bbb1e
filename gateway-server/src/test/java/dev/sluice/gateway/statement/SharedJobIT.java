package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.LocalFlinkCluster;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.testing.Eventually;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Queries that wait for admission with the same options share one job, through JDBC on the embedded cluster: each
 * gets its own rows, a query that fails does not fail the others, and one that is closed early does not cut the
 * others off.
 */
final class SharedJobIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final Map<String, String> ONE_JOB_OF_FOUR_QUERIES = Map.of(
            "sluice.cluster.embedded.admission.max-running-jobs", "1",
            "sluice.cluster.embedded.admission.max-queries-per-job", "4");
    private static final String SLOW_TABLE = "create temporary table ticks (x int) with ("
            + " 'connector' = 'datagen', 'rows-per-second' = '10', 'number-of-rows' = '100000')";
    private static final String SEQUENCE_TABLE = "create temporary table seq (x int) with ('connector' = 'datagen',"
            + " 'number-of-rows' = '5', 'fields.x.kind' = 'sequence', 'fields.x.start' = '1', 'fields.x.end' = '5')";

    private static final List<String> THREE_QUERIES =
            List.of("select x * 10 from seq", "select x + 100 from seq", "select count(*) from seq where x > 2");
    private static final List<List<Long>> THEIR_ROWS =
            List.of(List.of(10L, 20L, 30L, 40L, 50L), List.of(101L, 102L, 103L, 104L, 105L), List.of(3L));

    @Test
    void waitingQueriesRunInOneJobEachWithItsOwnRows() throws Exception {
        List<String> queries = THREE_QUERIES;
        List<List<Long>> expected = THEIR_ROWS;
        try (SluiceGateway gateway = GATEWAYS.start(ONE_JOB_OF_FOUR_QUERIES);
                Connection holder = DriverManager.getConnection(gateway.jdbcUrl());
                Waiters waiters = new Waiters(gateway, queries.size())) {
            for (int i = 0; i < queries.size(); i++) {
                assertThat(waiters.query(i, queries.get(i)).get(60, TimeUnit.SECONDS))
                        .isEqualTo(expected.get(i));
            }
            List<Future<List<Long>>> answers = queuedBehindOneJob(gateway, holder, waiters, queries);

            for (int i = 0; i < queries.size(); i++) {
                assertThat(answers.get(i).get(60, TimeUnit.SECONDS))
                        .as(queries.get(i))
                        .isEqualTo(expected.get(i));
            }
            Set<String> jobIds = new HashSet<>();
            for (int i = 0; i < queries.size(); i++) {
                jobIds.add(waiters.jobIdOf(i, queries.get(i)));
            }
            assertThat(jobIds).as("the three queries' jobs").hasSize(1);
            String jobId = jobIds.iterator().next();
            try (Statement statement = waiters.connection(0).createStatement();
                    ResultSet jobs = statement.executeQuery("SHOW JOBS")) {
                String name = null;
                while (jobs.next()) {
                    if (jobs.getString(1).equals(jobId)) {
                        name = jobs.getString(2);
                    }
                }
                assertThat(name).as("the shared job's name, after no session").startsWith("sluice:shared:3:");
            }
            try (Statement statement = waiters.connection(0).createStatement()) {
                assertThatThrownBy(() -> statement.execute("STOP JOB '" + jobId + "'"))
                        .as("a job that carries other sessions' queries is no session's to stop")
                        .satisfies(hasSqlState("42501"));
            }
        }
    }

    @Test
    void aFailingQueryFailsAloneWithItsOwnCauseAndTheOthersGetTheirRows() throws Exception {
        List<String> queries =
                List.of("select x * 10 from seq", "select 10 / (x - 1) from seq", "select x + 100 from seq");
        try (SluiceGateway gateway = GATEWAYS.start(ONE_JOB_OF_FOUR_QUERIES);
                Connection holder = DriverManager.getConnection(gateway.jdbcUrl());
                Waiters waiters = new Waiters(gateway, queries.size())) {
            List<Future<List<Long>>> answers = queuedBehindOneJob(gateway, holder, waiters, queries);

            assertThat(answers.get(0).get(60, TimeUnit.SECONDS)).isEqualTo(List.of(10L, 20L, 30L, 40L, 50L));
            assertThat(answers.get(2).get(60, TimeUnit.SECONDS)).isEqualTo(List.of(101L, 102L, 103L, 104L, 105L));
            assertThatThrownBy(() -> answers.get(1).get(60, TimeUnit.SECONDS))
                    .as("the failing query's own cause, from the job it ran again in on its own")
                    .hasStackTraceContaining("by zero")
                    .satisfies(e -> assertThat(e.getCause()).isInstanceOf(SQLException.class))
                    .satisfies(e -> assertThat(((SQLException) e.getCause()).getSQLState())
                            .isNotEqualTo("40001"));
            assertThat(waiters.jobIdOf(0, queries.get(0)))
                    .as("the other queries' answers came from their shared job or jobs of their own")
                    .isNotNull();
        }
    }

    @Test
    void aSharedJobThatFailsAfterItsQueriesAnsweredGivesTheFailingQueryItsCauseAndTheOther40001() throws Exception {
        aSharedJobThatFailsLateGivesTheFailingQueryItsCause(ONE_JOB_OF_FOUR_QUERIES, false);
    }

    @Test
    void onAClusterThatCachesJobDetailsLongerTheFailingQueryStillGetsItsCause() throws Exception {
        // the JobManager answers a job's exceptions from its cache of the job for 8 s, and the test fills that cache
        // while the job runs (as the web UI would): the gateway must ask again after this cluster's 8 s, not after
        // Flink's default of 3 s, when the history would still be the running job's, empty
        Map<String, String> options = new HashMap<>(ONE_JOB_OF_FOUR_QUERIES);
        options.put("web.refresh-interval", "8 s");
        aSharedJobThatFailsLateGivesTheFailingQueryItsCause(options, true);
    }

    private static void aSharedJobThatFailsLateGivesTheFailingQueryItsCause(
            Map<String, String> options, boolean fillTheClustersCacheWhileTheJobRuns) throws Exception {
        // 5 rows a second: the division by zero comes 2 s in, after each query's execute has answered (1 s at most)
        String slowSequence = "create temporary table slow_seq (x int) with ('connector' = 'datagen',"
                + " 'rows-per-second' = '5', 'fields.x.kind' = 'sequence', 'fields.x.start' = '1',"
                + " 'fields.x.end' = '40', 'number-of-rows' = '40')";
        List<String> queries = List.of("select 100 / (x - 10) from slow_seq", "select x from slow_seq");
        try (SluiceGateway gateway = GATEWAYS.start(options);
                Connection holder = DriverManager.getConnection(gateway.jdbcUrl());
                Waiters waiters = new Waiters(gateway, queries.size());
                RunningJobsDetails details = fillTheClustersCacheWhileTheJobRuns
                        ? RunningJobsDetails.askedOf(gateway)
                        : RunningJobsDetails.NONE) {
            for (int i = 0; i < queries.size(); i++) {
                try (Statement statement = waiters.connection(i).createStatement()) {
                    statement.execute(slowSequence);
                }
            }
            List<Future<List<Long>>> answers = queuedBehindOneJob(gateway, holder, waiters, queries);

            assertThatThrownBy(() -> answers.get(0).get(60, TimeUnit.SECONDS))
                    .as("the query whose task failed the shared job gets the job's cause")
                    .hasStackTraceContaining("by zero")
                    .satisfies(e -> assertThat(((SQLException) e.getCause()).getSQLState())
                            .isNotEqualTo("40001"));
            assertThatThrownBy(() -> answers.get(1).get(60, TimeUnit.SECONDS))
                    .as("the other query learns that another query failed its job, without that query's cause")
                    .satisfies(e -> assertThat(((SQLException) e.getCause()).getSQLState())
                            .isEqualTo("40001"))
                    .hasStackTraceContaining("because another of its queries failed")
                    .satisfies(e -> assertThat(e).hasStackTraceContaining("40001"))
                    .satisfies(e -> assertThat(stackTraceOf(e)).doesNotContain("by zero"));
        }
    }

    @Test
    void aQueryClosedEarlyLeavesTheOthersOfItsJobAndTheJobEndsWithThem() throws Exception {
        try (SluiceGateway gateway = GATEWAYS.start(ONE_JOB_OF_FOUR_QUERIES);
                Connection holder = DriverManager.getConnection(gateway.jdbcUrl());
                Connection slowReader = DriverManager.getConnection(gateway.jdbcUrl());
                Waiters waiters = new Waiters(gateway, 1)) {
            Statement held = holdTheOnlyPlace(holder);
            ExecutorService thread = Executors.newSingleThreadExecutor();
            try (Statement slowTable = slowReader.createStatement()) {
                slowTable.execute(SLOW_TABLE);
                Statement slow = slowReader.createStatement();
                Future<ResultSet> slowRows = thread.submit(() -> slow.executeQuery("select x from ticks"));
                awaitQueued(gateway, 1);
                Future<List<Long>> quick = waiters.query(0, "select x * 10 from seq");
                awaitQueued(gateway, 2);
                held.close();

                ResultSet rows = slowRows.get(60, TimeUnit.SECONDS);
                assertThat(rows.next()).isTrue();
                assertThat(quick.get(60, TimeUnit.SECONDS)).isEqualTo(List.of(10L, 20L, 30L, 40L, 50L));
                assertThat(waiters.jobIdOf(0, "select x * 10 from seq"))
                        .as("the quick query rode in the slow one's job")
                        .isEqualTo(jobIdOf(slowReader, "select x from ticks"));
                slow.close(); // before the end of its result: the job goes on only while another query needs it
            } finally {
                thread.shutdownNow();
            }
            waiters.close();
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(MetricsText.of(gateway))
                            .contains("sluice_admission_running_jobs{cluster=\"embedded\"} 0"));
        }
    }

    /**
     * Runs {@code queries}, one per waiter, while a slow query holds the cluster's one place, and lets them in once all
     * of them wait: together, into one job.
     */
    private static List<Future<List<Long>>> queuedBehindOneJob(
            SluiceGateway gateway, Connection holder, Waiters waiters, List<String> queries) throws Exception {
        return queuedBehindOneJob(gateway, "embedded", holder, waiters, queries);
    }

    private static List<Future<List<Long>>> queuedBehindOneJob(
            SluiceGateway gateway, String cluster, Connection holder, Waiters waiters, List<String> queries)
            throws Exception {
        Statement held = holdTheOnlyPlace(holder);
        List<Future<List<Long>>> answers = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            answers.add(waiters.query(i, queries.get(i)));
        }
        awaitQueued(gateway, cluster, queries.size());
        held.close();
        return answers;
    }

    @Test
    void onAStandaloneClusterInItsOwnJvmsTheSharedJobGivesEachQueryItsRowsAndLogsNoError() throws Exception {
        List<String> queries = THREE_QUERIES;
        List<List<Long>> expected = THEIR_ROWS;
        LocalFlinkCluster cluster = GATEWAYS.manage(
                "cluster",
                LocalFlinkCluster.start(Path.of("target", "flink-shared-job-it").toAbsolutePath()));
        try (SluiceGateway gateway = GATEWAYS.start(Map.of(
                        "sluice.clusters", "standalone",
                        "sluice.cluster.standalone.type", "REMOTE",
                        "sluice.cluster.standalone.rest-address", "127.0.0.1:" + cluster.restPort(),
                        "sluice.cluster.standalone.admission.max-running-jobs", "1",
                        "sluice.cluster.standalone.admission.max-queries-per-job", "4"));
                Connection holder = awaitPipelinedBatchProfile(gateway);
                Waiters waiters = new Waiters(gateway, queries.size())) {
            List<Future<List<Long>>> answers = queuedBehindOneJob(gateway, "standalone", holder, waiters, queries);

            Set<String> jobIds = new HashSet<>();
            for (int i = 0; i < queries.size(); i++) {
                assertThat(answers.get(i).get(120, TimeUnit.SECONDS))
                        .as(queries.get(i))
                        .isEqualTo(expected.get(i));
                jobIds.add(waiters.jobIdOf(i, queries.get(i)));
            }
            assertThat(jobIds).as("the three queries' jobs").hasSize(1);
        }
        List<String> errors =
                Files.readAllLines(cluster.logDirectory().resolve("jobmanager.log"), StandardCharsets.UTF_8).stream()
                        .filter(line -> line.contains(" ERROR "))
                        .toList();
        assertThat(errors).as("ERROR lines of the JobManager's log").isEmpty();
    }

    /**
     * A connection whose session has the pipelined batch profile, which a remote cluster's sessions get only once the
     * gateway has read the cluster's scheduler: sessions opened before keep Flink's defaults, and their options, so
     * their queries, differ from later ones'.
     */
    private static Connection awaitPipelinedBatchProfile(SluiceGateway gateway) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
            try (Statement statement = connection.createStatement();
                    ResultSet options = statement.executeQuery("SET")) {
                while (options.next()) {
                    if (options.getString(1).equals("jobmanager.scheduler")) {
                        return connection;
                    }
                }
            }
            connection.close();
            assertThat(System.nanoTime())
                    .as("the gateway read the cluster's scheduler in time")
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /** A slow query that holds the cluster's one place until its statement is closed. */
    private static Statement holdTheOnlyPlace(Connection holder) throws SQLException {
        try (Statement statement = holder.createStatement()) {
            statement.execute(SLOW_TABLE);
        }
        Statement held = holder.createStatement();
        ResultSet rows = held.executeQuery("select x from ticks");
        assertThat(rows.next()).isTrue();
        return held;
    }

    private static void awaitQueued(SluiceGateway gateway, int queued) throws Exception {
        awaitQueued(gateway, "embedded", queued);
    }

    private static void awaitQueued(SluiceGateway gateway, String cluster, int queued) throws Exception {
        Eventually.within(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(MetricsText.of(gateway))
                        .contains("sluice_admission_queued{cluster=\"" + cluster + "\"} " + queued));
    }

    private static String stackTraceOf(Throwable e) {
        java.io.StringWriter text = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(text));
        return text.toString();
    }

    private static String jobIdOf(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            String jobId = null;
            while (history.next()) {
                if (history.getString("statement").equals(sql)) {
                    jobId = history.getString("job_id");
                }
            }
            return jobId;
        }
    }

    /** Connections of their own, each with the sequence table, that run one query each on a thread of its own. */
    /**
     * Asks the details of every running job of the embedded cluster every 200 ms, as its web UI does: the JobManager
     * then answers the job's details and exceptions from what it cached while the job ran.
     */
    private static final class RunningJobsDetails implements AutoCloseable {
        static final RunningJobsDetails NONE = new RunningJobsDetails(null);
        private static final Pattern RUNNING_JOB =
                Pattern.compile("\"jid\":\"([0-9a-f]{32})\"[^}]*\"state\":\"RUNNING\"");

        private final @Nullable ScheduledExecutorService asker;

        private RunningJobsDetails(@Nullable ScheduledExecutorService asker) {
            this.asker = asker;
        }

        static RunningJobsDetails askedOf(SluiceGateway gateway) {
            HostAndPort rest = gateway.embeddedClusterRestAddress().orElseThrow();
            String base = "http://" + rest.host() + ":" + rest.port();
            HttpClient http = HttpClient.newHttpClient();
            ScheduledExecutorService asker = Executors.newSingleThreadScheduledExecutor();
            asker.scheduleWithFixedDelay(
                    () -> {
                        try {
                            Matcher running = RUNNING_JOB.matcher(get(http, base + "/jobs/overview"));
                            while (running.find()) {
                                get(http, base + "/jobs/" + running.group(1));
                            }
                        } catch (Exception e) {
                            // asked again in 200 ms
                        }
                    },
                    0,
                    200,
                    TimeUnit.MILLISECONDS);
            return new RunningJobsDetails(asker);
        }

        private static String get(HttpClient http, String uri) throws Exception {
            return http.send(HttpRequest.newBuilder(URI.create(uri)).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
        }

        @Override
        public void close() throws InterruptedException {
            if (asker != null) {
                asker.shutdownNow();
                asker.awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }

    private static final class Waiters implements AutoCloseable {
        private final List<Connection> connections = new ArrayList<>();
        private final ExecutorService threads;

        Waiters(SluiceGateway gateway, int count) throws SQLException {
            threads = Executors.newFixedThreadPool(count);
            for (int i = 0; i < count; i++) {
                Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                connections.add(connection);
                try (Statement statement = connection.createStatement()) {
                    statement.execute(SEQUENCE_TABLE);
                }
            }
        }

        Connection connection(int i) {
            return connections.get(i);
        }

        Future<List<Long>> query(int i, String sql) {
            return threads.submit(() -> {
                try (Statement statement = connections.get(i).createStatement();
                        ResultSet rows = statement.executeQuery(sql)) {
                    List<Long> values = new ArrayList<>();
                    while (rows.next()) {
                        values.add(rows.getLong(1));
                    }
                    values.sort(null);
                    return values;
                }
            });
        }

        String jobIdOf(int i, String sql) throws SQLException {
            return SharedJobIT.jobIdOf(connections.get(i), sql);
        }

        @Override
        public void close() throws SQLException {
            threads.shutdownNow();
            for (Connection connection : connections) {
                connection.close();
            }
        }
    }
}
