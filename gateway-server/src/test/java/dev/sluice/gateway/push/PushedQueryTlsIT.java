package dev.sluice.gateway.push;

import dev.sluice.gateway.cluster.EmbeddedClusterConfig;
import dev.sluice.gateway.cluster.EmbeddedFlinkCluster;
import dev.sluice.gateway.testing.TlsTestFiles;
import dev.sluice.gateway.tls.TlsConfig;
import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.push.PushQueryJob;
import dev.sluice.planner.push.PushQueryPlan;
import dev.sluice.planner.push.PushQueryPlanner;
import dev.sluice.push.PushEndpointUnreachableException;
import dev.sluice.push.PushSinkOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.Row;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The push path with TLS on (mutual TLS on the gateway port): the sink in the job checks the endpoint's certificate
 * and its name, and needs no client certificate.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
final class PushedQueryTlsIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path directory;

    private static TlsTestFiles files;
    private static EmbeddedFlinkCluster cluster;
    private static ResultEndpointServer endpoint;

    @BeforeAll
    static void start() throws Exception {
        files = TlsTestFiles.create(directory);
        Configuration options = new Configuration();
        // mutual TLS on the gateway port: the endpoint still serves sinks, which have no client certificate
        files.mutualTlsServerOptions("JDK").forEach(options::setString);
        TlsConfig tlsConfig = TlsConfig.from(options);
        cluster = EmbeddedFlinkCluster.start("push-tls-it", new Configuration(), new EmbeddedClusterConfig(1, 2));
        endpoint = ResultEndpointServer.start(
                new ResultConfig(
                        ResultTransport.PUSH,
                        "127.0.0.1",
                        0,
                        "localhost", // the name on the test server certificate
                        4 * 1024 * 1024,
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(30)),
                tlsConfig);
    }

    @AfterAll
    static void stop() throws Exception {
        if (endpoint != null) {
            endpoint.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void sinkDeliversOverTlsWhenItTrustsTheEndpoint() throws Exception {
        TableEnvironment environment = environment();
        PushQueryPlan plan = PushQueryPlanner.plan(environment, "select n, n + 1 from single_row", AccessCheck.NONE);
        PushedResult<RowData> result = endpoint.results().register(plan.newSerializer());

        List<Row> rows = read(plan, result, endpoint.sinkOptions(result));

        assertThat(rows).containsExactly(Row.of(1, 2));
    }

    @Test
    void sinkThatDoesNotTrustTheEndpointFailsTheQueryNamingTheEndpoint() throws Exception {
        TableEnvironment environment = environment();
        PushQueryPlan plan = PushQueryPlanner.plan(environment, "select n from single_row", AccessCheck.NONE);
        PushedResult<RowData> result = endpoint.results().register(plan.newSerializer());
        Map<String, String> options = new HashMap<>(endpoint.sinkOptions(result));
        options.put(
                PushSinkOptions.TRUSTED_CERTIFICATES.key(),
                Files.readString(files.otherCaPem, StandardCharsets.US_ASCII));

        assertThatThrownBy(() -> read(plan, result, options))
                .isInstanceOf(PushedResultException.class)
                .hasStackTraceContaining("result endpoint " + endpoint.advertisedAddress())
                .satisfies(failure -> assertThat(
                                ExceptionUtils.findThrowable(failure, PushEndpointUnreachableException.class))
                        .hasValueSatisfying(unreachable ->
                                assertThat(unreachable.address()).isEqualTo(endpoint.advertisedAddress())));
    }

    private static List<Row> read(PushQueryPlan plan, PushedResult<RowData> result, Map<String, String> sinkOptions) {
        PushQueryJob job = plan.submit(sinkOptions);
        try (PushedQueryRows rows =
                new PushedQueryRows(result, plan.newRowConverter(), job.jobClient(), endpoint.jobEnds())) {
            List<Row> all = new ArrayList<>();
            List<Row> batch;
            while (!(batch = rows.next(100, WAIT)).isEmpty()) {
                all.addAll(batch);
            }
            return all;
        }
    }

    private static TableEnvironment environment() {
        Configuration configuration = new Configuration();
        configuration.set(DeploymentOptions.TARGET, "remote");
        configuration.set(RestOptions.ADDRESS, cluster.restAddress().host());
        configuration.set(RestOptions.PORT, cluster.restAddress().port());
        configuration.set(CoreOptions.DEFAULT_PARALLELISM, 1);
        TableEnvironment environment = TableEnvironment.create(EnvironmentSettings.newInstance()
                .inBatchMode()
                .withConfiguration(configuration)
                .build());
        environment.executeSql("create temporary table single_row (n INT) WITH ('connector'='datagen',"
                + " 'number-of-rows'='1', 'fields.n.kind'='sequence', 'fields.n.start'='1', 'fields.n.end'='1')");
        return environment;
    }
}
