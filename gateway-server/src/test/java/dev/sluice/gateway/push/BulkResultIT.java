package dev.sluice.gateway.push;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.gateway.testing.ShowJobs;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Large results through the JDBC URL on the embedded cluster: every type arrives the same on the push path as on the
 * collect path, and in fetched frames (which the driver decodes itself) as in the first one, frames are sized by bytes
 * unless the client gives a fetch size, the gateway holds at most its bound of pushed rows for a slow reader, and a
 * reader that closes half-way cancels the job and leaves nothing buffered.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
final class BulkResultIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final long MAX_BUFFERED_BYTES = 256 * 1024;
    // beyond the bound: what one socket read brings after the gateway stops reading, and the frame it completes
    private static final long ONE_READ_BYTES = 64 * 1024 + 64 * 1024;

    private static final String EVERY_TYPE = "create temporary view every_type as select * from (values"
            + " (true, cast(1 as tinyint), cast(2 as smallint), 3, cast(4 as bigint), cast(5.5 as float),"
            + " cast(6.25 as double), cast(-7.07 as decimal(12, 2)), 'text ü', cast('chars' as char(5)),"
            + " x'0102ff', date '2024-02-29', time '12:34:56', timestamp '2024-02-29 12:34:56.789',"
            + " cast(timestamp '2024-02-29 12:34:56.789' as timestamp_ltz(3)), array[1, 2], map['k', 1],"
            + " row(1, 'a')),"
            + " (cast(null as boolean), cast(null as tinyint), cast(null as smallint), cast(null as int),"
            + " cast(null as bigint), cast(null as float), cast(null as double), cast(null as decimal(12, 2)),"
            + " cast(null as string), cast(null as char(5)), cast(null as bytes), cast(null as date),"
            + " cast(null as time), cast(null as timestamp(3)), cast(null as timestamp_ltz(3)),"
            + " cast(null as array<int>), cast(null as map<string, int>), cast(null as row<a int, b string>)))"
            + " as t(b, ti, si, i, bi, f, d, de, s, c, bin, dt, tm, ts, tsl, arr, m, r)";
    // the large result, deterministic so that both paths must give the very same rows
    private static final String BIG = "create temporary table big (n BIGINT) with ('connector' = 'datagen',"
            + " 'number-of-rows' = '%d', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1',"
            + " 'fields.n.end' = '%d')";
    private static final String BIG_COLUMNS = "select n, concat('row-', cast(n as string)), cast(n as double) / 3,"
            + " cast(cast(n as decimal(12, 2)) / 7 as decimal(12, 2)),"
            + " timestampadd(second, cast(n as int), timestamp '2024-01-01 00:00:00.123') from big";

    private SluiceGateway push;
    private SluiceGateway collect;

    @BeforeAll
    void startGateways() throws Exception {
        push = GATEWAYS.start(Map.of(
                "sluice.result.transport", "PUSH", "sluice.result.max-buffered-bytes", MAX_BUFFERED_BYTES + "b"));
        collect = GATEWAYS.start(Map.of("sluice.result.transport", "COLLECT"));
    }

    @Test
    void everyTypeArrivesTheSameOnThePushPathAsOnTheCollectPath() throws SQLException {
        // without ORDER BY neither path promises an order: the same rows, each as often
        List<List<Object>> pushed = run(push, EVERY_TYPE, "select * from every_type");
        assertThat(pushed).containsExactlyInAnyOrderElementsOf(run(collect, EVERY_TYPE, "select * from every_type"));
        assertThat(pushed).hasSize(2);
        assertThat(pushed).anySatisfy(row -> assertThat(row).containsOnlyNulls());

        String big = String.format(BIG, 20_000, 20_000);
        List<List<Object>> bigPushed = run(push, big, BIG_COLUMNS);
        assertThat(bigPushed).hasSize(20_000).containsExactlyInAnyOrderElementsOf(run(collect, big, BIG_COLUMNS));
    }

    @Test
    void everyTypeArrivesTheSameOverJsonAsOverProtobuf() throws SQLException {
        // the driver's two encodings of the Avatica protocol, so that either can be its default
        Properties json = new Properties();
        json.setProperty("serialization", "json");
        List<List<Object>> overJson = run(push, json, EVERY_TYPE, "select * from every_type");
        assertThat(overJson)
                .hasSize(2)
                .containsExactlyInAnyOrderElementsOf(
                        run(push, new Properties(), EVERY_TYPE, "select * from every_type"));

        String big = String.format(BIG, 20_000, 20_000);
        assertThat(run(push, json, big, BIG_COLUMNS))
                .hasSize(20_000)
                .containsExactlyInAnyOrderElementsOf(run(push, new Properties(), big, BIG_COLUMNS));
    }

    @Test
    void everyScalarTypeArrivesTheSameInFetchedFramesAsInTheFirstFrame() throws SQLException {
        // frames of one row, so that every row after the first (a row of nulls) comes in a fetch response, which the
        // driver decodes itself over protobuf; arrays are left out, as their frames go through Avatica's encoding
        String query = "select b, ti, si, i, bi, f, d, de, s, c, bin, dt, tm, ts, tsl, m, r"
                + " from (select * from every_type union all select * from every_type) order by i nulls first";
        Properties json = new Properties();
        json.setProperty("serialization", "json");

        List<List<Object>> fetched = runInFramesOfOneRow(push, new Properties(), query);

        assertThat(fetched).hasSize(4).containsExactlyInAnyOrderElementsOf(run(push, EVERY_TYPE, query));
        assertThat(fetched).containsExactlyInAnyOrderElementsOf(runInFramesOfOneRow(push, json, query));
        assertThat(fetched).anySatisfy(row -> assertThat(row).doesNotContainNull());
        assertThat(fetched).anySatisfy(row -> assertThat(row).containsOnlyNulls());
    }

    @Test
    void framesAreSizedByBytesWithoutAFetchSize() throws Exception {
        Histogram before = Histogram.read(MetricsText.of(push));
        List<List<Object>> rows = run(push, String.format(BIG, 50_000, 50_000), "select n from big");
        Histogram frames = Histogram.read(MetricsText.of(push)).minus(before);

        assertThat(rows).hasSize(50_000);
        assertThat(frames.sum()).isEqualTo(50_000);
        // Avatica's default of 100 rows a frame would take 500 round trips
        assertThat(frames.count()).isLessThan(100);
        assertThat(frames.atMost(100)).as("frames of at most 100 rows").isLessThan(frames.count());
    }

    @Test
    void theClientsFetchSizeIsHonoured() throws Exception {
        Histogram before = Histogram.read(MetricsText.of(push));
        try (Connection connection = DriverManager.getConnection(push.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(String.format(BIG, 70, 70));
            // a prepared statement's first frame too (Avatica's call for a Statement's first frame carries no size)
            try (PreparedStatement query = connection.prepareStatement("select n from big")) {
                query.setFetchSize(7);
                assertThat(ReferenceWorkload.rows(query.executeQuery())).hasSize(70);
            }
        }
        Histogram frames = Histogram.read(MetricsText.of(push)).minus(before);

        assertThat(frames.sum()).as(frames.toString()).isEqualTo(70);
        assertThat(frames.count()).as(frames.toString()).isGreaterThanOrEqualTo(10);
        assertThat(frames.atMost(10)).as("frames of at most 10 rows").isEqualTo(frames.count());
    }

    @Test
    void aSlowReaderKeepsTheGatewaysBufferWithinItsBound() throws Exception {
        try (Connection connection = DriverManager.getConnection(push.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(String.format(BIG, 200_000, 200_000));
            statement.setFetchSize(100);
            try (ResultSet rows = statement.executeQuery(BIG_COLUMNS)) {
                assertThat(rows.next()).isTrue();
                // the reader stops: the gateway fills its buffer, then stops reading, and the sink blocks
                Eventually.within(Duration.ofSeconds(60))
                        .untilAsserted(() -> assertThat(gauge(MetricsText.of(push), "sluice_result_pushed_paused"))
                                .isEqualTo(1));
                long peak = gauge(MetricsText.of(push), "sluice_result_pushed_buffered_bytes_peak");
                assertThat(peak).isBetween(MAX_BUFFERED_BYTES, MAX_BUFFERED_BYTES + ONE_READ_BYTES);

                long read = 1;
                while (rows.next()) {
                    assertThat(rows.getLong(1)).isEqualTo(read + 1);
                    read++;
                }
                assertThat(read).isEqualTo(200_000);
            }
        }
        assertThat(gauge(MetricsText.of(push), "sluice_result_pushed_buffered_bytes_peak"))
                .isLessThanOrEqualTo(MAX_BUFFERED_BYTES + ONE_READ_BYTES);
        assertThat(gauge(MetricsText.of(push), "sluice_result_pushed_paused")).isZero();
    }

    @Test
    void aReaderThatClosesHalfWayCancelsTheJobAndFreesTheBuffer() throws Exception {
        try (Connection connection = DriverManager.getConnection(push.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(String.format(BIG, 200_000, 200_000));
            statement.execute("SET 'pipeline.name' = 'bulk-closed-half-way'");
            try (Statement reader = connection.createStatement()) {
                ResultSet rows = reader.executeQuery(BIG_COLUMNS);
                for (int i = 0; i < 1_000; i++) {
                    assertThat(rows.next()).isTrue();
                }
                Eventually.within(Duration.ofSeconds(60))
                        .untilAsserted(
                                () -> assertThat(gauge(MetricsText.of(push), "sluice_result_pushed_buffered_bytes"))
                                        .isPositive());
            }
            Eventually.within(Duration.ofSeconds(30)).untilAsserted(() -> {
                String metrics = MetricsText.of(push);
                assertThat(gauge(metrics, "sluice_result_pushed_open")).isZero();
                assertThat(gauge(metrics, "sluice_result_pushed_buffered_bytes"))
                        .isZero();
                assertThat(gauge(metrics, "sluice_result_pushed_paused")).isZero();
            });
            Eventually.within(Duration.ofSeconds(30))
                    .pollingEvery(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(ShowJobs.status(statement, "bulk-closed-half-way"))
                            .isEqualTo("CANCELED"));
        }
    }

    @Test
    void closingTheStatementWhileItsNextFrameIsAwaitedReturnsAtOnceAndCancelsTheJob() throws Exception {
        // on the collect path, whose sink runs in the source's task: a pushed batch query's sink starts only when its
        // source has ended
        try (Connection connection = DriverManager.getConnection(collect.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table slow (x BIGINT) with ('connector' = 'datagen',"
                    + " 'rows-per-second' = '10', 'number-of-rows' = '1000000', 'fields.x.kind' = 'sequence',"
                    + " 'fields.x.start' = '1', 'fields.x.end' = '1000000')");
            statement.execute("SET 'pipeline.name' = 'bulk-closed-while-waiting'");
            Statement reader = connection.createStatement();
            // one row at once, the next one only more than a day from now
            ResultSet rows = reader.executeQuery("select x from slow where x = 1 or x = 1000000");
            assertThat(rows.next()).isTrue();
            CompletableFuture<SQLException> failure = new CompletableFuture<>();
            Thread waiting = new Thread(() -> {
                try {
                    rows.next();
                    failure.complete(null);
                } catch (SQLException e) {
                    failure.complete(e);
                }
            });
            waiting.start();
            Eventually.within(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(waiting.getState()).isEqualTo(Thread.State.WAITING));

            CompletableFuture.runAsync(() -> {
                        try {
                            reader.close();
                        } catch (SQLException e) {
                            throw new CompletionException(e);
                        }
                    })
                    .get(10, TimeUnit.SECONDS);
            SQLException closed = failure.get(10, TimeUnit.SECONDS);
            assertThat((Throwable) closed).as("the waiting next() fails").isNotNull();
            assertThat(closed.getSQLState()).isEqualTo("24000");
            Eventually.within(Duration.ofSeconds(30))
                    .pollingEvery(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(ShowJobs.status(statement, "bulk-closed-while-waiting"))
                            .isEqualTo("CANCELED"));
        }
    }

    /** The rows of {@code query} after {@code ddl}, bytes as lists so that they compare by content. */
    private static List<List<Object>> run(SluiceGateway gateway, String ddl, String query) throws SQLException {
        return run(gateway, new Properties(), ddl, query);
    }

    private static List<List<Object>> run(SluiceGateway gateway, Properties info, String ddl, String query)
            throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl(), info);
                Statement statement = connection.createStatement()) {
            statement.execute(ddl);
            List<List<Object>> rows = new ArrayList<>();
            for (List<Object> row : ReferenceWorkload.rows(statement.executeQuery(query))) {
                List<Object> values = new ArrayList<>(row.size());
                for (Object value : row) {
                    values.add(value instanceof byte[] bytes ? Arrays.toString(bytes) : value);
                }
                rows.add(values);
            }
            return rows;
        }
    }

    /** The rows of {@code query} on the every-type view, each frame of one row (a prepared statement's first too). */
    private static List<List<Object>> runInFramesOfOneRow(SluiceGateway gateway, Properties info, String query)
            throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl(), info);
                Statement statement = connection.createStatement()) {
            statement.execute(EVERY_TYPE);
            try (PreparedStatement prepared = connection.prepareStatement(query)) {
                prepared.setFetchSize(1);
                List<List<Object>> rows = new ArrayList<>();
                for (List<Object> row : ReferenceWorkload.rows(prepared.executeQuery())) {
                    rows.add(row.stream()
                            .map(value -> value instanceof byte[] bytes ? Arrays.toString(bytes) : value)
                            .toList());
                }
                return rows;
            }
        }
    }

    private static long gauge(String metrics, String name) {
        Matcher matcher = Pattern.compile("(?m)^" + name + " (\\S+)$").matcher(metrics);
        assertThat(matcher.find()).as(name + " in /metrics").isTrue();
        return (long) Double.parseDouble(matcher.group(1));
    }

    /** sluice_result_frame_rows: frames, their rows, and the frames of at most 10 and 100 rows. */
    private record Histogram(long count, long sum, long atMost10, long atMost100) {
        static Histogram read(String metrics) {
            return new Histogram(
                    gauge(metrics, "sluice_result_frame_rows_count"),
                    gauge(metrics, "sluice_result_frame_rows_sum"),
                    gauge(metrics, "sluice_result_frame_rows_bucket\\{le=\"10.0\"\\}"),
                    gauge(metrics, "sluice_result_frame_rows_bucket\\{le=\"100.0\"\\}"));
        }

        Histogram minus(Histogram earlier) {
            return new Histogram(
                    count - earlier.count,
                    sum - earlier.sum,
                    atMost10 - earlier.atMost10,
                    atMost100 - earlier.atMost100);
        }

        long atMost(int rows) {
            return rows == 10 ? atMost10 : atMost100;
        }
    }
}
