package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ShowJobs;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.sluice.gateway.testing.ReferenceWorkload.rows;
import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Streaming-mode queries through the JDBC driver: rows of an unbounded query as they arrive, a changelog read as
 * changes, a folded changelog bounded in bytes, and a closed result that stops its job.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class StreamingResultIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    // endless for a test (100,000 rows at 20 a second); a sequence source holds its whole range in memory
    private static final String TICKS = "create temporary table ticks (n BIGINT) with ('connector' = 'datagen',"
            + " 'rows-per-second' = '20', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1',"
            + " 'fields.n.end' = '100000')";

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of("sluice.session.max-materialized-bytes", "256 kb"));
    }

    @Test
    void rowsOfAnUnboundedQueryArriveAsTheyComeAndClosingTheResultStopsItsJob() throws Exception {
        try (Connection connection = streaming();
                Statement statement = connection.createStatement()) {
            statement.execute(TICKS);
            long start = System.nanoTime();
            try (ResultSet result = statement.executeQuery("select n, n * 2 as twice from ticks where n > 2")) {
                List<Long> seen = new ArrayList<>();
                while (seen.size() < 5 && result.next()) {
                    seen.add(result.getLong("n"));
                    assertThat(result.getLong("twice")).isEqualTo(2 * result.getLong("n"));
                }
                assertThat(seen).containsExactly(3L, 4L, 5L, 6L, 7L);
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("five rows of a source of 20 a second, not the end of an endless query")
                        .isLessThan(Duration.ofSeconds(30));
                assertThat(runningJobs(connection)).hasSize(1);
            }
            Eventually.within(Duration.ofSeconds(20))
                    .untilAsserted(() -> assertThat(runningJobs(connection))
                            .as("the job of a closed result")
                            .isEmpty());
        }
    }

    @Test
    void onTheCollectPathTooRowsOfAnUnboundedQueryArriveAsTheyCome() throws Exception {
        SluiceGateway collecting = GATEWAYS.start(Map.of("sluice.result.transport", "COLLECT"));
        try (Connection connection =
                        DriverManager.getConnection(collecting.jdbcUrl() + ";execution.runtime-mode=streaming");
                Statement statement = connection.createStatement()) {
            statement.execute(TICKS);
            try (ResultSet result = statement.executeQuery("select n from ticks")) {
                List<Long> seen = new ArrayList<>();
                while (seen.size() < 3 && result.next()) {
                    seen.add(result.getLong(1));
                }
                assertThat(seen).containsExactly(1L, 2L, 3L);
            }
            Eventually.within(Duration.ofSeconds(20))
                    .untilAsserted(() -> assertThat(runningJobs(connection)).isEmpty());
        }
    }

    @Test
    void aCancelledStatementStopsItsStreamingJob() throws Exception {
        try (Connection connection = streaming();
                Statement statement = connection.createStatement()) {
            statement.execute(TICKS);
            ResultSet result = statement.executeQuery("select n from ticks");
            assertThat(result.next()).isTrue();
            statement.cancel();
            assertThatThrownBy(() -> {
                        while (result.next()) {
                            // rows already fetched may still come; then the cancel
                        }
                    })
                    .satisfies(hasSqlState("HY008"));
            Eventually.within(Duration.ofSeconds(20))
                    .untilAsserted(() -> assertThat(runningJobs(connection)).isEmpty());
            // the connection goes on
            assertThat(rows(statement.executeQuery("select 1"))).containsExactly(List.of(1));
        }
    }

    @Test
    void anEndlessChangelogBeingFoldedIsStoppedByCancel() throws Exception {
        try (Connection connection = streaming();
                Statement statement = connection.createStatement();
                Connection other = DriverManager.getConnection(gateway.jdbcUrl());
                Statement watching = other.createStatement()) {
            statement.execute("SET 'pipeline.name' = 'endless-fold'");
            statement.execute(TICKS);
            ExecutorService thread = Executors.newSingleThreadExecutor();
            try {
                Future<?> fold = thread.submit(() ->
                        rows(statement.executeQuery("select n % 3 as k, count(*) as c from ticks group by n % 3")));
                Eventually.within(Duration.ofSeconds(60))
                        .untilAsserted(() -> assertThat(ShowJobs.status(watching, "endless-fold"))
                                .isEqualTo("RUNNING"));
                statement.cancel();
                assertThatThrownBy(() -> fold.get(20, TimeUnit.SECONDS)).cause().satisfies(hasSqlState("HY008"));
                Eventually.within(Duration.ofSeconds(20))
                        .untilAsserted(() -> assertThat(ShowJobs.status(watching, "endless-fold"))
                                .isEqualTo("CANCELED"));
            } finally {
                thread.shutdownNow();
            }
        }
    }

    @Test
    void aChangelogReadAsChangesCarriesEachRowsKind() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl()
                        + ";execution.runtime-mode=streaming;" + "sluice.query.result-mode=CHANGELOG");
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary view letters (letter, weight) as values ('a', 1), ('b', 2), ('a', 4)");
            try (ResultSet result =
                    statement.executeQuery("select letter, sum(weight) as total from letters group by letter")) {
                ResultSetMetaData columns = result.getMetaData();
                assertThat(columns.getColumnCount()).isEqualTo(3);
                assertThat(columns.getColumnLabel(1)).isEqualTo("op");
                assertThat(columns.getColumnLabel(2)).isEqualTo("letter");
                List<List<Object>> changes = rows(result);
                assertThat(changes).contains(List.of("+I", "b", 2));
                // a's total went from 1 to 5: its first row is taken back before its new one
                assertThat(changes)
                        .containsSubsequence(List.of("+I", "a", 1), List.of("-U", "a", 1), List.of("+U", "a", 5));
            }
            // a result of inserts only has the column too, so that a client reads every streaming result alike
            try (ResultSet result = statement.executeQuery("select letter from letters where weight > 1")) {
                assertThat(rows(result)).containsExactlyInAnyOrder(List.of("+I", "b"), List.of("+I", "a"));
            }
        }
    }

    @Test
    void aFoldedChangelogOverItsBoundInBytesIsRefusedAndTheGatewayServesOthers() throws Exception {
        try (Connection connection = streaming();
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table wide (k BIGINT, s STRING) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '2000', 'rows-per-second' = '100000', 'fields.k.kind' = 'sequence',"
                    + " 'fields.k.start' = '1', 'fields.k.end' = '2000', 'fields.s.length' = '4000')");
            // each key its own group: 2,000 rows of 4,000 characters, over the gateway's 256 kb
            assertThatThrownBy(() -> rows(statement.executeQuery("select k, max(s) from wide group by k")))
                    .satisfies(hasSqlState("54000"))
                    .hasMessageContaining("sluice.session.max-materialized-bytes")
                    .hasMessageContaining("sluice.query.result-mode");
            try (Connection other = DriverManager.getConnection(gateway.jdbcUrl());
                    Statement otherStatement = other.createStatement()) {
                assertThat(rows(otherStatement.executeQuery("select 1"))).containsExactly(List.of(1));
            }
            Eventually.within(Duration.ofSeconds(20))
                    .untilAsserted(() -> assertThat(runningJobs(connection)).isEmpty());
        }
    }

    private Connection streaming() throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=streaming");
    }

    private static List<String> runningJobs(Connection connection) throws SQLException {
        List<String> running = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet jobs = statement.executeQuery("SHOW JOBS")) {
            while (jobs.next()) {
                if (jobs.getString("status").equals("RUNNING")) {
                    running.add(jobs.getString("job name"));
                }
            }
        }
        return running;
    }
}
