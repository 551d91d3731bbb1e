package dev.sluice.gateway;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A literal in a statement (a password, a customer's e-mail) stays out of what others can read: the names of its jobs
 * on the cluster and the packaged gateway's log, which with the embedded cluster holds Flink's own logging too.
 */
final class SecretLiteralsIT {
    private static final String SECRET = "PII-john.doe@example.com";

    @TempDir
    Path directory;

    @Test
    void aLiteralReachesNeitherTheJobNamesNorTheLog() throws Exception {
        List<String> jobNames = new ArrayList<>();
        String log;
        try (GatewayProcess gateway = GatewayProcess.start(directory, "sluice:\n  server:\n    port: 0\n")) {
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
                        .isInstanceOfSatisfying(
                                SQLException.class,
                                e -> assertThat(e.getSQLState()).isEqualTo("22023"))
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
            log = gateway.stopAndReadLogs();
        }
        assertThat(jobNames).hasSize(4).allSatisfy(name -> assertThat(name).matches("sluice:[0-9a-f]{8}:\\d+"));
        assertThat(log.lines().filter(line -> line.contains(SECRET)).toList())
                .as("log lines with the literal")
                .isEmpty();
        assertThat(log).contains("Sluice gateway stopped");
    }
}
