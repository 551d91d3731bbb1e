package dev.sluice.sessioncache;

import dev.sluice.sessioncache.rest.ObjectMapperScope;
import dev.sluice.sessioncache.rest.RestConnectionSettings;
import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.rest.util.RestClientException;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pooled REST transport against a real JobManager REST endpoint (a MiniCluster): Flink's cluster client works on
 * it unchanged, connections are reused, bounded, evicted when idle and closed with the client, and errors keep the
 * types and HTTP statuses Flink's retry logic looks at.
 */
final class PooledRestTransportTest {
    private static MiniCluster flink;
    private static HostAndPort rest;

    @BeforeAll
    static void startFlink() throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.BIND_PORT, "0");
        flink = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(1)
                .build());
        flink.start();
        URI address = flink.getRestAddress().get(30, TimeUnit.SECONDS);
        rest = new HostAndPort(address.getHost(), address.getPort());
    }

    @AfterAll
    static void stopFlink() throws Exception {
        if (flink != null) {
            flink.close();
        }
    }

    @Test
    void sequentialRequestsShareOneKeepAliveConnection() throws Exception {
        ClusterClientStats stats = new ClusterClientStats();
        try (RestClusterClient<StandaloneClusterId> client =
                pooledClient("seq", settings(4, Duration.ofMinutes(1)), stats)) {
            for (int i = 0; i < 200; i++) {
                assertThat(client.listJobs().get(10, TimeUnit.SECONDS)).isEmpty();
            }
            assertThat(stats.restConnectionsOpened("seq")).isEqualTo(1);
            assertThat(stats.restConnectionsOpen("seq")).isEqualTo(1);
        }
        assertThat(stats.restConnectionsOpen("seq"))
                .as("closing the client closes its connections")
                .isZero();
    }

    @Test
    void concurrentRequestsOpenNoMoreConnectionsThanTheLimit() throws Exception {
        ClusterClientStats stats = new ClusterClientStats();
        try (RestClusterClient<StandaloneClusterId> client =
                pooledClient("busy", settings(3, Duration.ofMinutes(1)), stats)) {
            List<CompletableFuture<?>> requests = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                requests.add(client.listJobs());
            }
            CompletableFuture.allOf(requests.toArray(new CompletableFuture<?>[0]))
                    .get(60, TimeUnit.SECONDS);
            assertThat(stats.restConnectionsOpened("busy")).isBetween(1L, 3L);
        }
    }

    @Test
    void idleConnectionsAreClosedAndTheNextRequestOpensANewOne() throws Exception {
        ClusterClientStats stats = new ClusterClientStats();
        try (RestClusterClient<StandaloneClusterId> client =
                pooledClient("idle", settings(4, Duration.ofMillis(200)), stats)) {
            client.listJobs().get(10, TimeUnit.SECONDS);
            awaitOpenConnections(stats, "idle", 0);
            assertThat(client.listJobs().get(10, TimeUnit.SECONDS)).isEmpty();
            assertThat(stats.restConnectionsOpened("idle")).isEqualTo(2);
        }
    }

    @Test
    void errorResponsesKeepTheirHttpStatus() throws Exception {
        ClusterClientStats stats = new ClusterClientStats();
        try (RestClusterClient<StandaloneClusterId> client =
                pooledClient("errors", settings(4, Duration.ofMinutes(1)), stats)) {
            JobID unknown = new JobID();
            int statusFromServer = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://" + rest + "/v1/jobs/" + unknown + "/status"))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            assertThat(statusFromServer).isGreaterThanOrEqualTo(400);
            assertThatThrownBy(() -> client.getJobStatus(unknown).get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .satisfies(e -> assertThat(ExceptionUtils.findThrowable(e, RestClientException.class))
                            .hasValueSatisfying(rest -> {
                                assertThat(rest.getHttpResponseStatus().code()).isEqualTo(statusFromServer);
                                assertThat(rest.getMessage()).contains(unknown.toString());
                            }));
            // the error did not cost the connection
            assertThat(client.listJobs().get(10, TimeUnit.SECONDS)).isEmpty();
            assertThat(stats.restConnectionsOpened("errors")).isEqualTo(1);
        }
    }

    @Test
    void anAddressWithoutServerFailsAsAConnectionProblem() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        ClusterEndpoint nowhere =
                new ClusterEndpoint("nowhere", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", closedPort));
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.RETRY_MAX_ATTEMPTS, 1);
        configuration.set(RestOptions.RETRY_DELAY, Duration.ofMillis(10));
        ClusterClientStats stats = new ClusterClientStats();
        try (RestClusterClient<StandaloneClusterId> client =
                ClusterClients.newPooledRestClient(nowhere, configuration, settings(4, Duration.ofMinutes(1)), stats)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> client.listJobs().get(30, TimeUnit.SECONDS))
                    .satisfies(e -> assertThat(ExceptionUtils.findThrowable(e, ConnectException.class))
                            .isPresent());
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(ClusterUnavailableException.isUnreachable(
                            catchFailure(() -> client.listJobs().get(30, TimeUnit.SECONDS))))
                    .isTrue();
        }
    }

    private static Throwable catchFailure(ThrowingRunnable action) {
        try {
            action.run();
        } catch (Throwable t) {
            return t;
        }
        throw new AssertionError("expected a failure");
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static RestClusterClient<StandaloneClusterId> pooledClient(
            String name, RestConnectionSettings settings, ClusterClientStats stats) {
        return ClusterClients.newPooledRestClient(
                new ClusterEndpoint(name, ClusterKind.REMOTE, rest), new Configuration(), settings, stats);
    }

    private static RestConnectionSettings settings(int maxConnections, Duration idleTimeout) {
        return new RestConnectionSettings(maxConnections, idleTimeout, 2, ObjectMapperScope.SHARED);
    }

    private static void awaitOpenConnections(ClusterClientStats stats, String cluster, long expected)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (stats.restConnectionsOpen(cluster) != expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(stats.restConnectionsOpen(cluster)).isEqualTo(expected);
    }
}
