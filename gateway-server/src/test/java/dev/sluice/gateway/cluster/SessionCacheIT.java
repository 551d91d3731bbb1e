package dev.sluice.gateway.cluster;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reuse of the objects that talk to a cluster, observed from outside: queries over JDBC, counters from
 * {@code GET /metrics}, threads of the gateway's JVM.
 */
final class SessionCacheIT {
    /** A query that runs as a job (a constant query such as SELECT 1 is answered in the gateway). */
    private static final String ON_THE_CLUSTER = "select x from (values (1)) as t(x)";

    private static final int CONNECTIONS = 8;
    private static final int QUERIES_PER_CONNECTION = 125; // 1,000 queries in all

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @Test
    void thousandQueriesUseOneDescriptorClientAndLeaderRetrieverPerCluster() throws Exception {
        long restThreadsBefore = clusterClientThreads();
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try {
            runQueries(gateway, CONNECTIONS, QUERIES_PER_CONNECTION);
            String metrics = scrapeMetrics(gateway);
            assertThat(counter(metrics, "sluice_cluster_descriptors_created_total", "embedded"))
                    .isEqualTo(1);
            assertThat(counter(metrics, "sluice_cluster_clients_created_total", "embedded"))
                    .isEqualTo(1);
            assertThat(counter(metrics, "sluice_leader_retrievers_created_total", "embedded"))
                    .isEqualTo(1);
            assertThat(counter(metrics, "sluice_queries_total", "embedded", "query", "success"))
                    .isEqualTo(CONNECTIONS * QUERIES_PER_CONNECTION);
            // keep-alive: at most two pooled connections per query in flight (a pushed query's job-status request
            // may still be out, while its job winds down, beside the submission of the connection's next query), never
            // one per request
            assertThat(counter(metrics, "sluice_rest_connections_opened_total", "embedded"))
                    .isBetween(1L, 2L * CONNECTIONS);
            // every query's job is submitted through the pool
            assertThat(counter(metrics, "sluice_rest_requests_total", "embedded"))
                    .isGreaterThanOrEqualTo(CONNECTIONS * QUERIES_PER_CONNECTION);
            assertThat(metrics)
                    .contains("sluice_query_phase_seconds_bucket{cluster=\"embedded\",phase=\"execute\",le=\"")
                    .contains("sluice_query_phase_seconds_bucket{cluster=\"embedded\",phase=\"first_row\",le=\"")
                    .contains("sluice_query_phase_seconds_bucket{cluster=\"embedded\",phase=\"plan\",le=\"");
            assertThat(clusterClientThreads()).isGreaterThan(restThreadsBefore);
        } finally {
            gateway.close(); // explicitly: what follows checks what closing does
        }
        // closing the gateway closes the shared client: its REST threads end
        awaitRestClientThreads(restThreadsBefore, Duration.ofSeconds(30));
    }

    @Test
    void withoutReuseClientsAreCreatedPerCall() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.cluster.reuse", "false"));
        runQueries(gateway, 1, 10);
        // at least a submission and a request for the job's end per query, each on a client of its own; the last
        // query's end is asked after its result ended, so the count may reach 20 just after the last answer
        Eventually.within(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(
                                counter(scrapeMetrics(gateway), "sluice_cluster_clients_created_total", "embedded"))
                        .isGreaterThanOrEqualTo(20));
        String metrics = scrapeMetrics(gateway);
        assertThat(counter(metrics, "sluice_leader_retrievers_created_total", "embedded"))
                .isEqualTo(counter(metrics, "sluice_cluster_clients_created_total", "embedded"));
        // Flink's client opens a connection per REST request: at least a submission and an end request each (a
        // pushed query's rows do not pass the JobManager, a collected query's fetches do)
        assertThat(counter(metrics, "sluice_rest_connections_opened_total", "embedded"))
                .isGreaterThanOrEqualTo(20);
    }

    @Test
    void evictionClosesTheClientItsThreadsAndItsConnections() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.cluster.cache.idle-timeout", "2 s"));
        int restPort = gateway.embeddedClusterRestAddress().orElseThrow().port();
        // the start-up summary asked the cluster for its slots; that client goes when idle, as any other
        awaitCount(() -> counter(scrapeMetrics(gateway), "sluice_cluster_clients_closed_total", "embedded"), 1);
        awaitCount(() -> establishedConnectionsTo(restPort), 0);
        long threadsBefore = clusterClientThreads();

        runQueries(gateway, 4, 5);
        assertThat(clusterClientThreads()).isGreaterThan(threadsBefore);
        assertThat(establishedConnectionsTo(restPort)).isPositive();

        // no query comes: the idle client is closed on time all the same
        awaitCount(() -> counter(scrapeMetrics(gateway), "sluice_cluster_clients_closed_total", "embedded"), 2);
        awaitCount(SessionCacheIT::clusterClientThreads, threadsBefore);
        awaitCount(() -> establishedConnectionsTo(restPort), 0);
        assertThat(counter(scrapeMetrics(gateway), "sluice_rest_connections_open", "embedded"))
                .isZero();

        // the next query opens a new client
        runQueries(gateway, 1, 1);
        assertThat(counter(scrapeMetrics(gateway), "sluice_cluster_clients_created_total", "embedded"))
                .isEqualTo(3);
    }

    private static void runQueries(SluiceGateway gateway, int connections, int queriesPerConnection) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(connections);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                results.add(threads.submit(() -> {
                    int rows = 0;
                    // every query must reach the cluster: the result cache would answer the repeats from memory
                    try (Connection connection = DriverManager.getConnection(
                                    gateway.jdbcUrl() + ";sluice.result-cache.enabled=false");
                            Statement statement = connection.createStatement()) {
                        for (int q = 0; q < queriesPerConnection; q++) {
                            rows += ReferenceWorkload.rows(statement.executeQuery(ON_THE_CLUSTER))
                                    .size();
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                    return rows;
                }));
            }
            for (Future<Integer> result : results) {
                assertThat(result.get()).isEqualTo(queriesPerConnection);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private static String scrapeMetrics(SluiceGateway gateway) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(
                                        "http://127.0.0.1:" + gateway.address().getPort() + "/metrics"))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The value of a counter whose labels include the given values, in the order the metric declares them. */
    private static long counter(String metrics, String name, String... labelValues) {
        StringBuilder labels = new StringBuilder();
        for (String value : labelValues) {
            labels.append("[^}]*\"").append(Pattern.quote(value)).append('"');
        }
        Matcher matcher = Pattern.compile("(?m)^" + name + "\\{" + labels + "[^}]*} ([0-9.E]+)$")
                .matcher(metrics);
        assertThat(matcher.find())
                .as("%s%s in:%n%s", name, List.of(labelValues), metrics)
                .isTrue();
        return (long) Double.parseDouble(matcher.group(1));
    }

    /** Threads of cluster clients: Flink's REST client pools and Sluice's pooled transport. */
    private static long clusterClientThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("Flink-RestClusterClient-IO")
                        || thread.getName().startsWith("Flink-RestClient-IO")
                        || thread.getName().startsWith("sluice-rest-"))
                .count();
    }

    /**
     * Established TCP connections of this JVM to {@code port} on the loopback interface, from the kernel's table. The
     * embedded cluster's REST server is in this JVM too; counting by remote port sees only the client ends.
     */
    private static long establishedConnectionsTo(int port) throws IOException {
        String remotePort = String.format(":%04X", port);
        long count = 0;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (!Files.exists(path)) {
                continue;
            }
            for (String line : Files.readAllLines(path)) {
                String[] fields = line.trim().split("\\s+");
                // sl local_address rem_address st ...; 01 = ESTABLISHED
                if (fields.length > 3 && fields[2].endsWith(remotePort) && fields[3].equals("01")) {
                    count++;
                }
            }
        }
        return count;
    }

    private interface Count {
        long get() throws Exception;
    }

    private static void awaitCount(Count count, long expected) throws Exception {
        Eventually.within(Duration.ofSeconds(30))
                .pollingEvery(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(count.get()).isEqualTo(expected));
    }

    private static void awaitRestClientThreads(long expected, Duration timeout) throws Exception {
        Eventually.within(timeout)
                .pollingEvery(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(clusterClientThreads())
                        .as("cluster client threads (Flink's and the pooled transport's) after close")
                        .isLessThanOrEqualTo(expected));
    }
}
