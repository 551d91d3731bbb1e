package dev.sluice.gateway.cluster;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded cluster's JobManager remembers only the last {@code jobstore.max-capacity} finished jobs: a gateway
 * that runs thousands of short queries must not keep every one's archived graph in memory.
 */
final class EmbeddedJobStoreIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theEmbeddedClusterForgetsTheOldestFinishedJobsBeyondItsCapacity() throws Exception {
        try (SluiceGateway gateway = GATEWAYS.start(Map.of("jobstore.max-capacity", "2"));
                Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "create temporary table three (x int) with ('connector' = 'datagen'," + " 'number-of-rows' = '3')");
            for (int i = 0; i < 4; i++) {
                try (ResultSet rows = statement.executeQuery("select count(*) from three")) {
                    assertThat(rows.next()).isTrue();
                    assertThat(rows.getLong(1)).isEqualTo(3);
                }
            }
            List<String> jobs = new ArrayList<>();
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                while (history.next()) {
                    if (history.getString("job_id") != null) {
                        jobs.add(history.getString("job_id"));
                    }
                }
            }
            assertThat(jobs).hasSize(4);
            HostAndPort rest = gateway.embeddedClusterRestAddress().orElseThrow();

            // a job is archived once it has ended, a moment after its query answered
            Eventually.within(Duration.ofSeconds(20)).untilAsserted(() -> {
                assertThat(status(rest, jobs.get(3))).as("the newest job").isEqualTo(200);
                assertThat(status(rest, jobs.get(2))).isEqualTo(200);
                assertThat(status(rest, jobs.get(1)))
                        .as("beyond the capacity of 2")
                        .isEqualTo(404);
                assertThat(status(rest, jobs.get(0))).isEqualTo(404);
            });
        }
    }

    private int status(HostAndPort rest, String jobId) throws Exception {
        URI job = URI.create("http://" + rest.host() + ":" + rest.port() + "/jobs/" + jobId);
        return http.send(HttpRequest.newBuilder(job).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
