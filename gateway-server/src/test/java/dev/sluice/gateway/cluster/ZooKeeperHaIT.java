package dev.sluice.gateway.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.LocalFlinkCluster;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.sessioncache.ZooKeeperRestAddress;
import dev.sluice.testing.Eventually;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.HighAvailabilityOptions;
import org.apache.flink.runtime.highavailability.ClientHighAvailabilityServices;
import org.apache.flink.runtime.highavailability.HighAvailabilityServicesUtils;
import org.apache.flink.runtime.leaderelection.LeaderInformation;
import org.apache.flink.runtime.util.LeaderRetrievalUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A ZOOKEEPER cluster through the death of its leading JobManager: a real ZooKeeper server, two JobManagers with
 * ZooKeeper high availability and a TaskManager, each in its own JVM (bin/flink-local-cluster, whose HA settings give
 * the JobManagers ZooKeeper sessions of 4 s), and a gateway in this JVM that knows only the ZooKeeper quorum.
 *
 * <p>What happens when the leader is killed ({@code kill -9}), and what the test holds the gateway to:
 *
 * <ul>
 *   <li>A query in flight fails with SQLState 08006 within {@link #IN_FLIGHT_FAILURE_BOUND}: its next poll finds the
 *       leader's port closed. It does not wait for the new leader: Flink recovers the job there, but from the start,
 *       and the rows the client already has cannot be taken back.
 *   <li>The recovered job runs on the new leader to its end, unread: the reader's cancel was sent while no leader was
 *       reachable. The test checks that the job is there, so that a change in this behaviour is noticed.
 *   <li>New queries fail with 08006 while ZooKeeper still names the dead leader (until its session expires), or while
 *       the new leader takes over (HTTP 503), then run on the new leader: the first succeeds within
 *       {@link #FAILOVER_BOUND} of the kill, through the same client and leader retriever as before
 *       ({@code sluice_leader_retrievers_created_total} stays 1).
 *   <li>With no JobManager left, queries fail with 08006 within {@link #NO_LEADER_BOUND}: once ZooKeeper names no
 *       leader, the client waits {@code rest.await-leader-timeout} (10 s, Sluice's default) for one. So do they when
 *       ZooKeeper itself cannot be reached; the gateway starts all the same, as with a REMOTE cluster that is down.
 * </ul>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class ZooKeeperHaIT {
    private static final Duration IN_FLIGHT_FAILURE_BOUND = Duration.ofSeconds(30);
    private static final Duration FAILOVER_BOUND = Duration.ofSeconds(60);
    private static final Duration NO_LEADER_BOUND = Duration.ofSeconds(20);
    private static final String CLUSTER = "ha";
    /** 600 rows at 20 per second: the job runs half a minute, so it is still running when the leader dies. */
    private static final String SLOW_SOURCE = "create temporary table slow (x BIGINT) with ('connector'='datagen',"
            + " 'number-of-rows'='600', 'rows-per-second'='20')";
    /** The job name of the queries after the failover, to find them on the surviving JobManager. */
    private static final String AFTER_FAILOVER = "after-failover";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private LocalFlinkCluster cluster;
    private SluiceGateway gateway;

    @BeforeAll
    void startClusterAndGateway() throws Exception {
        // managed first, so stopped after the gateway
        cluster = GATEWAYS.manage(
                "cluster",
                LocalFlinkCluster.startWithZooKeeper(
                        Path.of("target", "flink-zookeeper-ha-it").toAbsolutePath()));
        gateway = GATEWAYS.start(Map.of(
                "sluice.clusters",
                CLUSTER,
                "sluice.cluster.ha.type",
                "ZOOKEEPER",
                "sluice.cluster.ha.zookeeper.quorum",
                cluster.zookeeperQuorum()));
    }

    @Test
    @Order(1)
    void queriesFollowTheNewLeaderAfterTheLeaderDies() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            ReferenceWorkload.runAndVerify(connection);
        }
        int leader = leaderRestPort();
        int survivor = cluster.jobManagerRestPorts().stream()
                .filter(port -> port != leader)
                .findFirst()
                .orElseThrow();

        ExecutorService reader = Executors.newSingleThreadExecutor();
        try (Connection inFlight = DriverManager.getConnection(gateway.jdbcUrl());
                Statement slowQuery = inFlight.createStatement();
                Connection after =
                        DriverManager.getConnection(gateway.jdbcUrl() + ";pipeline.name=" + AFTER_FAILOVER)) {
            slowQuery.executeUpdate(SLOW_SOURCE);
            ResultSet slowRows = slowQuery.executeQuery("select x from slow");
            for (int i = 0; i < 5; i++) {
                assertThat(slowRows.next()).isTrue();
            }
            String inFlightJob = runningJobs(leader).get(0);
            prepare(after);

            long killedAt = System.nanoTime();
            cluster.killJobManager(leader);
            Future<Optional<Exception>> drained = reader.submit(() -> drain(slowRows));

            Exception inFlightFailure = drained.get(IN_FLIGHT_FAILURE_BOUND.toSeconds(), TimeUnit.SECONDS)
                    .orElseThrow(() -> new AssertionError("The query in flight read all its rows"));
            Duration inFlightFailedAfter = Duration.ofNanos(System.nanoTime() - killedAt);
            assertThat(sqlState(inFlightFailure)).isEqualTo("08006");
            assertThat(inFlightFailure.getMessage())
                    .contains("Flink session cluster 'ha' at the leader via ZooKeeper " + cluster.zookeeperQuorum()
                            + "/flink/default is unreachable: Connection refused");

            List<String> failuresDuringFailover = new ArrayList<>();
            Duration failover = firstSuccessAfter(after, killedAt, failuresDuringFailover);
            System.out.printf(
                    "ZooKeeperHaIT: leader killed (REST port %d); the query in flight failed after %d ms; the first"
                            + " new query succeeded after %d ms, on the JobManager with REST port %d; failures in"
                            + " between: %s%n",
                    leader, inFlightFailedAfter.toMillis(), failover.toMillis(), survivor, failuresDuringFailover);
            assertThat(failuresDuringFailover)
                    .as("every query during the failover fails with a connection error, none hangs")
                    .allSatisfy(failure -> assertThat(failure).startsWith("08006"));

            assertThat(leaderRestPort()).isEqualTo(survivor);
            assertThat(finishedJobNames(survivor)).contains(AFTER_FAILOVER);
            assertThat(jobIds(survivor))
                    .as("Flink recovered the job of the query in flight")
                    .contains(inFlightJob);
        } finally {
            reader.shutdownNow();
        }
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            ReferenceWorkload.runAndVerify(connection);
        }
        assertThat(leaderRetrieversCreated()).isEqualTo(1);
    }

    @Test
    @Order(2)
    void failsWithAClearErrorWhenNoJobManagerIsLeft() throws Exception {
        cluster.killJobManager(leaderRestPort());
        long killedAt = System.nanoTime();
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            prepare(connection);
            // first the dead leader's port refuses; once its ZooKeeper session has expired no leader is named at all
            String message = "";
            int failures = 0;
            while (!message.contains("Waiting for leader address")) {
                assertThat(Duration.ofNanos(System.nanoTime() - killedAt))
                        .as("ZooKeeper drops the dead leader after its 4 s session; last error: %s", message)
                        .isLessThan(Duration.ofSeconds(30));
                long start = System.nanoTime();
                SQLException failure = catchThrowableOfType(
                        SQLException.class, () -> statement.executeQuery(ReferenceWorkload.SOURCE));
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(NO_LEADER_BOUND);
                assertThat(failure.getSQLState()).as(failure.getMessage()).isEqualTo("08006");
                message = failure.getMessage();
                failures++;
            }
            System.out.printf(
                    "ZooKeeperHaIT: no JobManager left; %d queries failed with 08006, the last (no leader named) %d ms"
                            + " after the kill%n",
                    failures, Duration.ofNanos(System.nanoTime() - killedAt).toMillis());
            assertThat(message)
                    .contains("Flink session cluster 'ha' at the leader via ZooKeeper " + cluster.zookeeperQuorum()
                            + "/flink/default is unreachable: Waiting for leader address");
        }
    }

    @Test
    @Order(3)
    void failsWithAClearErrorWhenZooKeeperIsUnreachable() throws Exception {
        // port 1 on loopback: nothing listens, so the gateway's ZooKeeper client never connects
        SluiceGateway unconnected = GATEWAYS.start(Map.of(
                "sluice.clusters", "lost",
                "sluice.cluster.lost.type", "ZOOKEEPER",
                "sluice.cluster.lost.zookeeper.quorum", "127.0.0.1:1"));
        try (Connection connection = DriverManager.getConnection(unconnected.jdbcUrl());
                Statement statement = connection.createStatement()) {
            prepare(connection);
            long start = System.nanoTime();
            SQLException failure =
                    catchThrowableOfType(SQLException.class, () -> statement.executeQuery(ReferenceWorkload.SOURCE));
            Duration failedAfter = Duration.ofNanos(System.nanoTime() - start);
            System.out.printf(
                    "ZooKeeperHaIT: ZooKeeper unreachable; the query failed after %d ms: %s%n",
                    failedAfter.toMillis(), failure);
            assertThat(failedAfter).isLessThan(NO_LEADER_BOUND);
            assertThat(failure.getSQLState()).as(failure.getMessage()).isEqualTo("08006");
        }
    }

    /** The failure that ends reading {@code rows}, or empty if every row could be read. */
    private static Optional<Exception> drain(ResultSet rows) {
        try (rows) {
            while (rows.next()) {
                // rows the client had fetched before the leader died
            }
            return Optional.empty();
        } catch (SQLException e) {
            return Optional.of(e);
        }
    }

    /** The SQLState of a failure from the driver: always an SQLException, also when a fetch in next() fails. */
    private static String sqlState(Exception failure) {
        return ((SQLException) failure).getSQLState();
    }

    private static void prepare(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String ddl : ReferenceWorkload.DDL) {
                statement.executeUpdate(ddl);
            }
        }
    }

    /**
     * Runs a one-row query until it succeeds, collecting each failure's SQLState and message.
     *
     * @return the time from {@code killedAt} to the first success
     */
    private static Duration firstSuccessAfter(Connection connection, long killedAt, List<String> failures)
            throws Exception {
        Duration left = FAILOVER_BOUND.minus(Duration.ofNanos(System.nanoTime() - killedAt));
        try (Statement statement = connection.createStatement()) {
            Eventually.within(left).pollingEvery(Duration.ofMillis(500)).untilAsserted(() -> {
                try {
                    assertThat(ReferenceWorkload.rows(statement.executeQuery(ReferenceWorkload.SOURCE)))
                            .hasSize(1);
                } catch (SQLException e) {
                    failures.add(e.getSQLState() + " " + e.getMessage());
                    throw new AssertionError(
                            "a query succeeds within " + FAILOVER_BOUND + " of the leader's death; failures: "
                                    + failures,
                            e);
                }
            });
        }
        return Duration.ofNanos(System.nanoTime() - killedAt);
    }

    /** The REST port of the JobManager that ZooKeeper names leader now, read as the gateway's client reads it. */
    private int leaderRestPort() throws Exception {
        ClusterEndpoint endpoint = new ClusterEndpoint(
                CLUSTER,
                ClusterKind.ZOOKEEPER,
                new ZooKeeperRestAddress(
                        List.of(HostAndPort.parse("quorum", cluster.zookeeperQuorum())),
                        HighAvailabilityOptions.HA_CLUSTER_ID.defaultValue(),
                        HighAvailabilityOptions.HA_ZOOKEEPER_ROOT.defaultValue()));
        Configuration configuration = endpoint.restConfiguration(new Configuration());
        ClientHighAvailabilityServices services =
                HighAvailabilityServicesUtils.createClientHAService(configuration, error -> {});
        try {
            LeaderInformation leader = LeaderRetrievalUtils.retrieveLeaderInformation(
                    services.getClusterRestEndpointLeaderRetriever(), Duration.ofSeconds(30));
            return URI.create(leader.getLeaderAddress()).getPort();
        } finally {
            services.close();
        }
    }

    private List<String> runningJobs(int restPort) throws Exception {
        List<String> running = new ArrayList<>();
        for (JsonNode job : jobs(restPort)) {
            if (job.get("state").asText().equals("RUNNING")) {
                running.add(job.get("jid").asText());
            }
        }
        assertThat(running).as("jobs running on the leader").hasSize(1);
        return running;
    }

    private List<String> jobIds(int restPort) throws Exception {
        List<String> ids = new ArrayList<>();
        jobs(restPort).forEach(job -> ids.add(job.get("jid").asText()));
        return ids;
    }

    private List<String> finishedJobNames(int restPort) throws Exception {
        List<String> names = new ArrayList<>();
        for (JsonNode job : jobs(restPort)) {
            if (job.get("state").asText().equals("FINISHED")) {
                names.add(job.get("name").asText());
            }
        }
        return names;
    }

    private JsonNode jobs(int restPort) throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + restPort + "/jobs/overview"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json.readTree(response.body()).get("jobs");
    }

    private long leaderRetrieversCreated() throws Exception {
        String metrics = http.send(
                        HttpRequest.newBuilder(URI.create(
                                        "http://127.0.0.1:" + gateway.address().getPort() + "/metrics"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher matcher = Pattern.compile(
                        "(?m)^sluice_leader_retrievers_created_total\\{cluster=\"" + CLUSTER + "\"} ([0-9.E]+)$")
                .matcher(metrics);
        assertThat(matcher.find()).as(metrics).isTrue();
        return (long) Double.parseDouble(matcher.group(1));
    }
}
