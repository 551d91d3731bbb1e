package dev.sluice.gateway.push;

import dev.sluice.gateway.cluster.EmbeddedClusterConfig;
import dev.sluice.gateway.cluster.EmbeddedFlinkCluster;
import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.push.PushQueryJob;
import dev.sluice.planner.push.PushQueryPlan;
import dev.sluice.planner.push.PushQueryPlanner;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Queries planned onto the push sink on a real Flink cluster (the embedded MiniCluster, reached through REST), their
 * rows read from a real result endpoint, compared with the same queries through Flink's collect sink.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
final class PushedQueryIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static EmbeddedFlinkCluster cluster;
    private static ResultEndpointServer endpoint;

    @BeforeAll
    static void start() throws Exception {
        cluster = EmbeddedFlinkCluster.start("push-it", new Configuration(), new EmbeddedClusterConfig(1, 4));
        endpoint = ResultEndpointServer.start(
                new ResultConfig(
                        ResultTransport.PUSH,
                        "127.0.0.1",
                        0,
                        "127.0.0.1",
                        4 * 1024 * 1024,
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(30)),
                null,
                null);
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
    void referenceWorkloadGivesTheRowsOfTheCollectPath() throws Exception {
        TableEnvironment batch = environment(EnvironmentSettings.newInstance().inBatchMode());
        for (String table : List.of("table1", "table2", "table3")) {
            String column = "val" + table.charAt(table.length() - 1);
            // a sequence instead of random strings, so that both paths see the same row
            batch.executeSql("create temporary table " + table + " (" + column + " STRING) WITH ('connector'="
                    + "'datagen', 'number-of-rows'='1', 'fields." + column + ".kind'='sequence', 'fields." + column
                    + ".start'='1', 'fields." + column + ".end'='1')");
        }
        List<String> queries = List.of(
                "select val1 from table1",
                "select val1, count(*) from table1 group by val1",
                "select val1, count(*) from table1 left join table2 on val1=val2 left join table3 on val2=val3"
                        + " group by val1");
        for (String query : queries) {
            // the gateway is told the job never ends: the rows must be complete at the sink's end of result alone.
            // Which of the two comes first on the cluster is a race on a loaded machine, so it is printed, not
            // asserted.
            List<Row> pushed = pushed(batch, query, true);
            assertThat(pushed).as(query).hasSize(1).isEqualTo(collected(batch, query));
        }
    }

    @Test
    void thousandsOfRowsArriveInFull() throws Exception {
        TableEnvironment batch = environment(EnvironmentSettings.newInstance().inBatchMode());
        batch.executeSql("create temporary table numbers (n BIGINT, s STRING) WITH ('connector'='datagen',"
                + " 'number-of-rows'='20000', 'fields.n.kind'='sequence', 'fields.n.start'='1', 'fields.n.end'='20000',"
                + " 'fields.s.kind'='sequence', 'fields.s.start'='1', 'fields.s.end'='20000')");
        String query = "select n, s, n * 2 as twice from numbers";

        List<Row> pushed = pushed(batch, query);

        assertThat(pushed).hasSize(20_000).containsExactlyInAnyOrderElementsOf(collected(batch, query));
    }

    @Test
    void slowReaderHoldsTheSinkBackWithinTheBuffer() throws Exception {
        long rowCount = 600_000; // about 12 MB as sent: more than socket buffers hold while the gateway does not read
        long maxBuffered = ResultConfig.MIN_BUFFERED_BYTES;
        try (ResultEndpointServer small = ResultEndpointServer.start(
                new ResultConfig(
                        ResultTransport.PUSH,
                        "127.0.0.1",
                        0,
                        "127.0.0.1",
                        maxBuffered,
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(30)),
                null,
                null)) {
            TableEnvironment batch =
                    environment(EnvironmentSettings.newInstance().inBatchMode());
            batch.executeSql("create temporary table many (n BIGINT) WITH ('connector'='datagen',"
                    + " 'rows-per-second'='10000000', 'number-of-rows'='" + rowCount
                    + "', 'fields.n.kind'='sequence', 'fields.n.start'='1', 'fields.n.end'='" + rowCount
                    + "')");
            PushQueryPlan plan = PushQueryPlanner.plan(batch, "select n from many", AccessCheck.NONE);
            PushedResult<RowData> result = small.results().register(plan.newSerializer());
            PushQueryJob job = plan.submit(small.sinkOptions(result));
            try (PushedQueryRows rows =
                    new PushedQueryRows(result, plan.newRowConverter(), job.jobClient(), small.jobEnds())) {
                long firstRowsBy = System.nanoTime() + WAIT.toNanos();
                while (result.bufferedBytes() == 0 && System.nanoTime() < firstRowsBy) {
                    Thread.sleep(10);
                }
                long highest = 0;
                long idleUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
                while (System.nanoTime() < idleUntil) {
                    highest = Math.max(highest, result.bufferedBytes());
                    Thread.sleep(20);
                }
                JobStatus whileIdle = job.jobClient().getJobStatus().get(30, TimeUnit.SECONDS);
                // the bound, one socket read and one frame of the sink's batch size (32 KiB) beyond it
                long bound = maxBuffered + 64 * 1024 + 64 * 1024;
                System.out.printf(
                        "reader idle 3 s after the first rows: at most %d bytes buffered (bound %d), job %s%n",
                        highest, bound, whileIdle);
                assertThat(highest).isPositive().isLessThanOrEqualTo(bound);
                assertThat(whileIdle).as("the sink is held back").isEqualTo(JobStatus.RUNNING);

                long read = 0;
                List<Row> batchOfRows;
                while (!(batchOfRows = rows.next(10_000, WAIT)).isEmpty()) {
                    for (Row row : batchOfRows) {
                        assertThat(row.getField(0)).isEqualTo(++read);
                    }
                    highest = Math.max(highest, result.bufferedBytes());
                }
                assertThat(read).isEqualTo(rowCount);
                assertThat(highest).isLessThanOrEqualTo(bound);
            }
        }
    }

    @Test
    void streamingChangelogKeepsItsRowKinds() throws Exception {
        TableEnvironment streaming =
                environment(EnvironmentSettings.newInstance().inStreamingMode());
        streaming.executeSql("create temporary table events (k INT) WITH ('connector'='datagen',"
                + " 'fields.k.kind'='sequence', 'fields.k.start'='1', 'fields.k.end'='30')");
        String query = "select k % 3 as bucket, count(*) as n from events group by k % 3";

        List<Row> pushed = pushed(streaming, query);

        assertThat(pushed).extracting(Row::getKind).contains(RowKind.UPDATE_BEFORE, RowKind.UPDATE_AFTER);
        assertThat(pushed).isEqualTo(collected(streaming, query));
    }

    @Test
    void unboundedQuerySendsRowsAsTheyComeAndFailsWhenItsJobIsCancelled() throws Exception {
        TableEnvironment streaming =
                environment(EnvironmentSettings.newInstance().inStreamingMode());
        // a few rows a second never fill a batch: only the sink's flush interval sends them
        // random values: a sequence source holds all its values in memory from the start
        streaming.executeSql(
                "create temporary table ticks (n BIGINT) WITH ('connector'='datagen', 'rows-per-second'='5')");
        PushQueryPlan plan = PushQueryPlanner.plan(streaming, "select n from ticks", AccessCheck.NONE);
        PushedResult<RowData> result = endpoint.results().register(plan.newSerializer());
        PushQueryJob job = plan.submit(endpoint.sinkOptions(result));
        try (PushedQueryRows rows =
                new PushedQueryRows(result, plan.newRowConverter(), job.jobClient(), endpoint.jobEnds())) {
            List<Row> first = rows.next(100, WAIT);
            assertThat(first).isNotEmpty();
            assertThat(rows.next(100, WAIT)).isNotEmpty();

            job.jobClient().cancel().get(30, TimeUnit.SECONDS);
            long cancelled = System.nanoTime();
            assertThatThrownBy(() -> {
                        while (true) {
                            rows.next(100, WAIT);
                        }
                    })
                    .isInstanceOf(PushedResultException.class)
                    .hasMessageContaining("job failed");
            System.out.printf(
                    "cancelled job: the result failed %d ms later%n",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelled));
        }
    }

    @Test
    void failingQueryFailsTheResultWithTheClusterCause() {
        TableEnvironment batch = environment(EnvironmentSettings.newInstance().inBatchMode());
        batch.createTemporarySystemFunction("explode", Explode.class);
        batch.executeSql(
                "create temporary table single_row (n INT) WITH ('connector'='datagen', 'number-of-rows'='1', 'fields.n.kind'="
                        + "'sequence', 'fields.n.start'='1', 'fields.n.end'='1')");

        assertThatThrownBy(() -> pushed(batch, "select explode(n) from single_row"))
                .isInstanceOf(PushedResultException.class)
                .hasMessageContaining("job failed")
                .hasStackTraceContaining("explode was asked to fail");
    }

    /** Throws at run time, in the TaskManager. */
    public static final class Explode extends ScalarFunction {
        public Integer eval(Integer n) {
            throw new IllegalStateException("explode was asked to fail on " + n);
        }
    }

    private static TableEnvironment environment(EnvironmentSettings.Builder settings) {
        Configuration configuration = new Configuration();
        configuration.set(DeploymentOptions.TARGET, "remote");
        configuration.set(RestOptions.ADDRESS, cluster.restAddress().host());
        configuration.set(RestOptions.PORT, cluster.restAddress().port());
        configuration.set(CoreOptions.DEFAULT_PARALLELISM, 1);
        return TableEnvironment.create(settings.withConfiguration(configuration).build());
    }

    private static List<Row> pushed(TableEnvironment environment, String query) throws Exception {
        return pushed(environment, query, false);
    }

    /**
     * @param hideJobEnd whether the gateway sees the job as running for ever: its end of result must not depend on
     *     the job's end
     */
    private static List<Row> pushed(TableEnvironment environment, String query, boolean hideJobEnd) throws Exception {
        PushQueryPlan plan = PushQueryPlanner.plan(environment, query, AccessCheck.NONE);
        PushedResult<RowData> result = endpoint.results().register(plan.newSerializer());
        long start = System.nanoTime();
        PushQueryJob job = plan.submit(endpoint.sinkOptions(result));
        JobClient seen = hideJobEnd ? runningForEver(job.jobClient()) : job.jobClient();
        try (PushedQueryRows rows = new PushedQueryRows(result, plan.newRowConverter(), seen, endpoint.jobEnds())) {
            List<Row> all = new ArrayList<>();
            List<Row> batch;
            while (!(batch = rows.next(1000, WAIT)).isEmpty()) {
                all.addAll(batch);
            }
            long endAt = result.endArrival().orElseThrow().toEpochMilli();
            long endMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            job.jobClient().getJobExecutionResult().get(60, TimeUnit.SECONDS);
            // the cluster's own clock of the job: same JVM, same wall clock as endAt
            long finishedAt = finishedTimestamp(job.jobClient().getJobID());
            System.out.printf(
                    "%s: %d rows, read after %d ms; the end arrived %d ms before the job was FINISHED on the cluster%n",
                    query, all.size(), endMillis, finishedAt - endAt);
            return all;
        }
    }

    /** The job as a gateway would see it if the JobManager never reported its end. */
    private static JobClient runningForEver(JobClient job) {
        InvocationHandler handler = (proxy, method, arguments) -> switch (method.getName()) {
            case "getJobStatus" -> CompletableFuture.completedFuture(JobStatus.RUNNING);
            case "getJobExecutionResult" -> new CompletableFuture<>();
            default -> {
                try {
                    yield method.invoke(job, arguments);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        };
        return (JobClient)
                Proxy.newProxyInstance(JobClient.class.getClassLoader(), new Class<?>[] {JobClient.class}, handler);
    }

    private static long finishedTimestamp(JobID jobId) throws Exception {
        HttpResponse<String> details = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(
                                        "http://" + cluster.restAddress().host() + ":"
                                                + cluster.restAddress().port() + "/jobs/" + jobId))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        Matcher finished =
                Pattern.compile("\"timestamps\":\\{[^}]*\"FINISHED\":(\\d+)").matcher(details.body());
        assertThat(finished.find()).as(details.body()).isTrue();
        return Long.parseLong(finished.group(1));
    }

    private static List<Row> collected(TableEnvironment environment, String query) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> iterator = environment.executeSql(query).collect()) {
            iterator.forEachRemaining(rows::add);
        }
        return rows;
    }
}
