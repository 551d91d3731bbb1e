package dev.sluice.gateway.http;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.testing.Eventually;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code /health}, {@code /ready} and {@code /metrics} over real HTTP, against clusters that are down and up. */
final class OperationsEndpointsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void isAliveButNotReadyWhileItsOnlyClusterIsDownAndReadyOnceItIsUp() throws Exception {
        int restPort = freePort();
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.clusters", "flink",
                "sluice.cluster.flink.type", "REMOTE",
                "sluice.cluster.flink.rest-address", "127.0.0.1:" + restPort));

        HttpResponse<String> notReady = get(gateway, "/ready");
        assertThat(notReady.statusCode()).isEqualTo(503);
        assertThat(notReady.body()).startsWith("NOT READY\ncluster 'flink' (default) unreachable: ");
        HttpResponse<String> alive = get(gateway, "/health");
        assertThat(alive.statusCode()).isEqualTo(200);
        assertThat(alive.body()).isEqualTo("ALIVE: serving requests, 0 open sessions\n");

        GATEWAYS.manage("cluster on port " + restPort, startCluster(restPort));

        Eventually.within(Duration.ofSeconds(60))
                .pollingEvery(Duration.ofMillis(250))
                .untilAsserted(() -> {
                    HttpResponse<String> ready = get(gateway, "/ready");
                    assertThat(ready.statusCode()).isEqualTo(200);
                    assertThat(ready.body())
                            .isEqualTo("READY\ncluster 'flink' (default) reachable: 1 task managers, 2 of 2 task slots"
                                    + " free\n");
                });
    }

    @Test
    void countsSessionsRunningQueriesEachOutcomeAndTheJvm() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(value(metrics(gateway), "sluice_sessions_open")).isEqualTo(1);
            statement.execute("CREATE TEMPORARY TABLE slow (x INT) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '100000', 'rows-per-second' = '20')");
            try (ResultSet rows = statement.executeQuery("SELECT x FROM slow")) {
                assertThat(rows.next()).isTrue();
                assertThat(value(metrics(gateway), "sluice_queries_running", "embedded"))
                        .isEqualTo(1);
            } // closed before its end: the job is cancelled, and so is the query
            assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM no_such_table"));
            try (ResultSet rows = statement.executeQuery("SELECT x FROM (VALUES (1)) AS t(x)")) {
                while (rows.next()) {
                    // read to the end
                }
            }
        }

        String metrics = metrics(gateway);
        assertThat(value(metrics, "sluice_queries_total", "embedded", "query", "cancelled"))
                .isEqualTo(1);
        assertThat(value(metrics, "sluice_queries_total", "embedded", "query", "failure"))
                .isEqualTo(1);
        assertThat(value(metrics, "sluice_queries_total", "embedded", "query", "success"))
                .isEqualTo(1);
        assertThat(value(metrics, "sluice_queries_running", "embedded")).isZero();
        Eventually.within(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(value(metrics(gateway), "sluice_sessions_open"))
                        .isZero());
        assertThat(metrics)
                .contains("jvm_memory_used_bytes{area=\"heap\"}")
                .contains("jvm_gc_collection_seconds_count{")
                .contains("jvm_threads_current ")
                .contains("process_open_fds ");
    }

    private HttpResponse<String> get(SluiceGateway gateway, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + gateway.address().getPort() + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private String metrics(SluiceGateway gateway) throws Exception {
        HttpResponse<String> response = get(gateway, "/metrics");
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The value of a sample whose labels include the given values, in the order the metric declares them. */
    private static long value(String metrics, String name, String... labelValues) {
        StringBuilder labels = new StringBuilder();
        for (String label : labelValues) {
            labels.append("[^}]*\"").append(Pattern.quote(label)).append('"');
        }
        String labelPattern = labelValues.length == 0 ? "" : "\\{" + labels + "[^}]*}";
        Matcher matcher =
                Pattern.compile("(?m)^" + name + labelPattern + " ([0-9.E]+)$").matcher(metrics);
        assertThat(matcher.find())
                .as("%s%s in:%n%s", name, List.of(labelValues), metrics)
                .isTrue();
        return (long) Double.parseDouble(matcher.group(1));
    }

    private static MiniCluster startCluster(int restPort) throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.BIND_PORT, String.valueOf(restPort));
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(2)
                .build());
        cluster.start();
        return cluster;
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
