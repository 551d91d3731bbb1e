package dev.sluice.gateway;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * bin/sluice-gateway as a user runs it, with conf/log4j2.xml: the ready line and the start-up summary, queries, a
 * clean stop on SIGTERM, and no WARN or ERROR in the log of that normal work.
 */
final class GatewayProcessIT {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();
    private static final Pattern READY =
            Pattern.compile("^Sluice gateway ready: (jdbc:sluice://127\\.0\\.0\\.1:(\\d+))$");

    @TempDir
    Path directory;

    @Test
    void printsTheReadyLineServesQuietlyAndStopsCleanlyOnSigterm() throws Exception {
        Path config = directory.resolve("sluice.yaml");
        Files.writeString(config, "sluice:\n  server:\n    port: 0\n");
        ProcessBuilder builder = new ProcessBuilder(
                        PROJECT_ROOT.resolve("bin/sluice-gateway").toString(), "--config", config.toString())
                .redirectError(directory.resolve("gateway.err").toFile());
        builder.environment().put("SLUICE_SKIP_BUILD", "1");
        builder.environment().put("SLUICE_LOG_DIR", directory.toString());
        Process gateway = builder.start();
        try {
            BufferedReader stdout =
                    new BufferedReader(new InputStreamReader(gateway.getInputStream(), StandardCharsets.UTF_8));
            String readyLine =
                    CompletableFuture.supplyAsync(() -> readLine(stdout)).get(120, TimeUnit.SECONDS);
            Matcher ready = READY.matcher(readyLine);
            assertThat(ready.matches()).as("ready line: %s", readyLine).isTrue();
            String url = ready.group(1);
            int port = Integer.parseInt(ready.group(2));

            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                assertThat(ReferenceWorkload.rows(statement.executeQuery("select 42")))
                        .containsExactly(List.of(42));
                // queries that run jobs on the embedded cluster and read their rows from the collect sink
                statement.execute("create temporary table table1 (val1 STRING)"
                        + " WITH ('connector'='datagen','number-of-rows'='1')");
                for (int i = 0; i < 3; i++) {
                    assertThat(ReferenceWorkload.rows(
                                    statement.executeQuery("select val1, count(*) from table1 group by val1")))
                            .hasSize(1);
                }
                assertThat(ReferenceWorkload.rows(statement.executeQuery("select x from (values (1), (2)) as t(x)")))
                        .hasSize(2);
            }

            gateway.destroy(); // SIGTERM
            assertThat(gateway.waitFor(60, TimeUnit.SECONDS))
                    .as("gateway stops within 60 s")
                    .isTrue();
            assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
            String log = Files.readString(directory.resolve("sluice-gateway.log"));
            assertThat(log).contains("Sluice gateway stopped").contains("Embedded Flink cluster 'embedded' stopped");
            String console = Files.readString(directory.resolve("gateway.err"));
            assertThat(console)
                    .contains("Sluice ")
                    .contains(" is serving\n  address:   http://127.0.0.1:" + port + " (plaintext)\n")
                    .contains("\n  cluster:   cluster 'embedded' (default) reachable: 1 task managers, ")
                    .containsPattern("\n  dashboard: http://127\\.0\\.0\\.1:\\d+/ ")
                    .contains("\n  connect:   " + url + "\n");
            assertThat(warningsAndErrors(console))
                    .as("WARN and ERROR on the console")
                    .isEmpty();
            assertThat(warningsAndErrors(log))
                    .as("WARN and ERROR in the log file")
                    .isEmpty();
        } finally {
            gateway.destroyForcibly();
        }
    }

    @Test
    void aPortInUseStopsTheStartWithOneLineThatNamesItBeforeAnyClusterStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();
            Path config = directory.resolve("sluice.yaml");
            Files.writeString(config, "sluice:\n  server:\n    port: " + port + "\n");
            Path stderr = directory.resolve("gateway.err");
            ProcessBuilder builder = new ProcessBuilder(
                            PROJECT_ROOT.resolve("bin/sluice-gateway").toString(), "--config", config.toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(stderr.toFile());
            builder.environment().put("SLUICE_SKIP_BUILD", "1");
            builder.environment().put("SLUICE_LOG_DIR", directory.toString());
            Process gateway = builder.start();
            try {
                assertThat(gateway.waitFor(60, TimeUnit.SECONDS))
                        .as("gateway exits within 60 s")
                        .isTrue();
                assertThat(gateway.exitValue()).isEqualTo(1);
                String errors = Files.readString(stderr);
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
        Path config = directory.resolve("sluice.yaml");
        Files.writeString(config, "sluice:\n  server:\n    port: 0\n");
        ProcessBuilder builder = new ProcessBuilder(
                        PROJECT_ROOT.resolve("bin/sluice-gateway").toString(), "--config", config.toString())
                .redirectError(directory.resolve("gateway.err").toFile());
        builder.environment().put("SLUICE_SKIP_BUILD", "1");
        builder.environment().put("SLUICE_LOG_DIR", directory.toString());
        Process gateway = builder.start();
        try {
            BufferedReader stdout =
                    new BufferedReader(new InputStreamReader(gateway.getInputStream(), StandardCharsets.UTF_8));
            Matcher ready = READY.matcher(
                    CompletableFuture.supplyAsync(() -> readLine(stdout)).get(120, TimeUnit.SECONDS));
            assertThat(ready.matches()).isTrue();
            String jobId;
            Connection connection = DriverManager.getConnection(ready.group(1));
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

                gateway.destroy(); // SIGTERM while the job runs and its result is open
                assertThat(gateway.waitFor(60, TimeUnit.SECONDS))
                        .as("gateway stops within 60 s")
                        .isTrue();
            } finally {
                try {
                    connection.close();
                } catch (SQLException e) {
                    // the gateway is gone: there is nothing left to close
                }
            }
            String log = Files.readString(directory.resolve("sluice-gateway.log"));
            assertThat(log.lines().filter(line -> line.contains("Cancelled job")))
                    .singleElement(as(InstanceOfAssertFactories.STRING))
                    .contains(" INFO ")
                    .contains("Cancelled job " + jobId + " on cluster 'embedded' (CANCELED)");
            assertThat(log).contains("Sluice gateway stopped");
            assertThat(warningsAndErrors(Files.readString(directory.resolve("gateway.err"))))
                    .as("WARN and ERROR on the console")
                    .isEmpty();
            assertThat(warningsAndErrors(log))
                    .as("WARN and ERROR in the log file")
                    .isEmpty();
        } finally {
            gateway.destroyForcibly();
        }
    }

    private static List<String> warningsAndErrors(String log) {
        return log.lines()
                .filter(line -> line.contains(" WARN ") || line.contains(" ERROR "))
                .toList();
    }

    private static String readLine(BufferedReader reader) {
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("Sluice gateway ready")) {
                    return line;
                }
            }
            return "(the gateway exited before it was ready)";
        } catch (IOException e) {
            return "(reading the gateway's output failed: " + e + ")";
        }
    }
}
