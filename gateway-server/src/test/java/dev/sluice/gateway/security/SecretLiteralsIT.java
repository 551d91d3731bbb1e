package dev.sluice.gateway.security;

import dev.sluice.gateway.testing.GatewayProcess;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A literal in a statement (a password, a customer's e-mail) stays out of what others can read: the names of its jobs
 * on the cluster and the packaged gateway's log, which with the embedded cluster holds Flink's own logging too.
 */
final class SecretLiteralsIT {
    private static final String SECRET = "PII-john.doe@example.com";

    private static final Pattern JOB_ID = Pattern.compile("\"id\":\"([0-9a-f]{32})\"");

    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path directory;

    @Test
    void aLiteralReachesNeitherTheJobNamesNorTheLog() throws Exception {
        List<String> jobNames = new ArrayList<>();
        List<String> jobDetails = new ArrayList<>();
        String log;
        // without the warm-up, whose jobs the cluster would list beside this test's
        try (GatewayProcess gateway =
                GatewayProcess.start(directory, "sluice:\n  server:\n    port: 0\n  warm-up:\n    enabled: false\n")) {
            try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                    Statement statement = connection.createStatement()) {
                statement.execute("create temporary table people (id INT, email STRING)"
                        + " WITH ('connector'='datagen','number-of-rows'='3')");
                assertThat(ReferenceWorkload.rows(statement.executeQuery(
                                "select id, '" + SECRET + "' as tag from people where email <> '" + SECRET + "'")))
                        .hasSize(3)
                        .allSatisfy(row -> assertThat(row.get(1)).isEqualTo(SECRET));
                assertThat(ReferenceWorkload.rows(statement.executeQuery(
                                "select email, count(*) from people where email <> '" + SECRET + "' group by email")))
                        .hasSize(3);
                assertThat(statement.executeUpdate(
                                "create temporary table sink (v STRING)" + " WITH ('connector'='blackhole')"))
                        .isZero();
                statement.executeUpdate("insert into sink select '" + SECRET + "' from people");
                // Flink's operator names would carry the literals, in every task's name and its thread's
                assertThatThrownBy(() -> statement.execute("SET 'table.exec.simplify-operator-name-enabled' = 'false'"))
                        .satisfies(hasSqlState("22023"))
                        .hasMessageContaining("table.exec.simplify-operator-name-enabled must stay true, was false");
                try (Connection streaming =
                                DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=streaming");
                        Statement inStreaming = streaming.createStatement()) {
                    inStreaming.execute("create temporary table people (id INT, email STRING)"
                            + " WITH ('connector'='datagen','number-of-rows'='3')");
                    assertThat(ReferenceWorkload.rows(inStreaming.executeQuery(
                                    "select count(*) from people where email <> '" + SECRET + "'")))
                            .containsExactly(List.of(3L));
                }
                try (ResultSet jobs = statement.executeQuery("SHOW JOBS")) {
                    while (jobs.next()) {
                        jobNames.add(jobs.getString("job name"));
                    }
                }
            }
            // what Flink's web UI shows of each job: its name, its vertices' names and descriptions (the plan)
            URI rest = gateway.embeddedClusterRest();
            String overview = get(rest.resolve("jobs"));
            Matcher ids = JOB_ID.matcher(overview);
            while (ids.find()) {
                jobDetails.add(get(rest.resolve("jobs/" + ids.group(1))));
            }
            log = gateway.stopAndReadLogs();
        }
        assertThat(jobNames).hasSize(4).allSatisfy(name -> assertThat(name).matches("sluice:[0-9a-f]{8}:\\d+:\\d+"));
        assertThat(jobDetails)
                .hasSize(4)
                .allSatisfy(details -> assertThat(details)
                        .as("a job's details on the cluster's REST API")
                        .contains("\"name\":\"sluice:")
                        .doesNotContain(SECRET));
        assertThat(log.lines().filter(line -> line.contains(SECRET)).toList())
                .as("log lines with the literal")
                .isEmpty();
        assertThat(log).contains("Sluice gateway stopped");
    }

    @Test
    void aValueWithLineBreaksCannotForgeALogLine() throws Exception {
        String log;
        try (GatewayProcess gateway = GatewayProcess.start(directory, "sluice:\n  server:\n    port: 0\n")) {
            try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                    Statement statement = connection.createStatement()) {
                statement.execute("create temporary table people (id INT) WITH ('connector'='datagen',"
                        + " 'number-of-rows'='3')");
                // a value that fails a cast at run time: Flink's task failure quotes it in the log
                assertThatThrownBy(() -> ReferenceWorkload.rows(statement.executeQuery(
                                "select cast(concat('x', U&'\\000a', 'FORGED 00:00:00.000 ERROR all is lost') as INT)"
                                        + " from people")))
                        .isInstanceOf(SQLException.class);
            }
            log = gateway.stopAndReadLogs();
        }
        assertThat(log).contains("FORGED");
        assertThat(log.lines().filter(line -> line.startsWith("FORGED")).toList())
                .as("log lines that a value began")
                .isEmpty();
    }

    private String get(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> response =
                http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET %s", uri).isEqualTo(200);
        return response.body();
    }
}
