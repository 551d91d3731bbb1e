package dev.sluice.gateway;

import dev.sluice.gateway.testing.GatewayProcess;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.sluice.gateway.testing.GatewayProcess.warningsAndErrors;
import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * bin/sluice-gateway as a user runs it, with conf/log4j2.xml: the ready line and the start-up summary, queries, a
 * clean stop on SIGTERM, and no WARN or ERROR in the log of that normal work.
 */
final class GatewayProcessIT {
    private static final String ANY_PORT = "sluice:\n  server:\n    port: 0\n";

    @TempDir
    Path directory;

    @Test
    void printsTheReadyLineServesQuietlyAndStopsCleanlyOnSigterm() throws Exception {
        try (GatewayProcess gateway = GatewayProcess.start(directory, ANY_PORT)) {
            String url = gateway.jdbcUrl();
            assertThat(url).matches("jdbc:sluice://127\\.0\\.0\\.1:\\d+");
            int port = gateway.port();

            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                assertThat(ReferenceWorkload.rows(statement.executeQuery("select 42")))
                        .containsExactly(List.of(42));
                // queries that run jobs on the embedded cluster and read their rows
                statement.execute("create temporary table table1 (val1 STRING)"
                        + " WITH ('connector'='datagen','number-of-rows'='1')");
                for (int i = 0; i < 3; i++) {
                    assertThat(ReferenceWorkload.rows(
                                    statement.executeQuery("select val1, count(*) from table1 group by val1")))
                            .hasSize(1);
                }
                assertThat(ReferenceWorkload.rows(statement.executeQuery("select x from (values (1), (2)) as t(x)")))
                        .hasSize(2);
                // writes: their jobs end on their own, and nothing asks the JobManager to cancel them afterwards
                statement.execute("create temporary table sink (val1 STRING) WITH ('connector'='blackhole')");
                for (int i = 0; i < 3; i++) {
                    statement.execute("insert into sink select val1 from table1");
                }
            }

            assertThat(gateway.stop())
                    .as("gateway stops within 60 s of SIGTERM")
                    .isTrue();
            assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
            String log = gateway.log();
            assertThat(log).contains("Sluice gateway stopped").contains("Embedded Flink cluster 'embedded' stopped");
            String console = gateway.console();
            assertThat(console)
                    .contains("Sluice ")
                    .contains(" is serving\n    address:   http://127.0.0.1:" + port + " (plaintext)\n")
                    .contains("\n    cluster:   cluster 'embedded' (default) reachable: 1 task managers, ")
                    .containsPattern("\n    dashboard: http://127\\.0\\.0\\.1:\\d+/ ")
                    .contains("\n    connect:   " + url + "\n");
            assertThat(warningsAndErrors(console))
                    .as("WARN and ERROR on the console")
                    .isEmpty();
            assertThat(warningsAndErrors(log))
                    .as("WARN and ERROR in the log file")
                    .isEmpty();
        }
    }

    @Test
    void aPortInUseStopsTheStartWithOneLineThatNamesItBeforeAnyClusterStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();
            Process gateway = GatewayProcess.launch(
                    directory, "sluice:\n  server:\n    port: " + port + "\n", ProcessBuilder.Redirect.DISCARD);
            try {
                assertThat(gateway.waitFor(60, TimeUnit.SECONDS))
                        .as("gateway exits within 60 s")
                        .isTrue();
                assertThat(gateway.exitValue()).isEqualTo(1);
                String errors = Files.readString(directory.resolve("gateway.err"));
                assertThat(errors)
                        .contains("Sluice gateway failed to start: Cannot listen on 127.0.0.1:" + port
                                + " (sluice.server.host, sluice.server.port): ")
                        .doesNotContain("\tat ")
                        .doesNotContain("Embedded Flink cluster");
            } finally {
                gateway.destroyForcibly();
            }
        }
    }

    @Test
    void stopsWithARunningJobByCancellingItInOneInfoLineAndNoWarning() throws Exception {
        try (GatewayProcess gateway = GatewayProcess.start(directory, ANY_PORT)) {
            String jobId;
            Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
            try {
                Statement statement = connection.createStatement();
                statement.execute("create temporary table slow (x INT) with ('connector' = 'datagen',"
                        + " 'number-of-rows' = '100000', 'rows-per-second' = '5')");
                ResultSet rows = statement.executeQuery("select x from slow");
                assertThat(rows.next()).isTrue();
                try (Statement watch = connection.createStatement();
                        ResultSet queries = watch.executeQuery("SHOW QUERIES")) {
                    assertThat(queries.next()).isTrue();
                    jobId = queries.getString("job_id");
                }

                // SIGTERM while the job runs and its result is open
                assertThat(gateway.stop()).as("gateway stops within 60 s").isTrue();
            } finally {
                try {
                    connection.close();
                } catch (SQLException e) {
                    // the gateway is gone: there is nothing left to close
                }
            }
            String log = gateway.log();
            assertThat(log.lines().filter(line -> line.contains("Cancelled job")))
                    .singleElement(as(InstanceOfAssertFactories.STRING))
                    .contains(" INFO ")
                    .contains("Cancelled job " + jobId + " on cluster 'embedded' (CANCELED)");
            assertThat(log).contains("Sluice gateway stopped");
            assertThat(warningsAndErrors(gateway.console()))
                    .as("WARN and ERROR on the console")
                    .isEmpty();
            assertThat(warningsAndErrors(log))
                    .as("WARN and ERROR in the log file")
                    .isEmpty();
        }
    }
}
