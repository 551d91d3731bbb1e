package dev.sluice.gateway.history;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.PasswordUsers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code SHOW QUERIES}: what runs now in the caller's own sessions, answered without a job. */
final class ShowQueriesIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    static Path directory;

    @Test
    void listsTheRunningStatementsOfTheCallersSessionsWithLiteralsMasked() throws Exception {
        Path users = PasswordUsers.write(directory, "alice", "bob");
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods",
                "PASSWORD",
                "sluice.security.authentication.password.file",
                users.toString()));
        try (Connection running = DriverManager.getConnection(gateway.jdbcUrl(), "alice", "alice-secret");
                Statement statement = running.createStatement();
                Connection watching = DriverManager.getConnection(gateway.jdbcUrl(), "alice", "alice-secret");
                Statement watch = watching.createStatement();
                Connection other = DriverManager.getConnection(gateway.jdbcUrl(), "bob", "bob-secret");
                Statement otherWatch = other.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE slow (x INT) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '100000', 'rows-per-second' = '20')");
            try (ResultSet rows = statement.executeQuery("SELECT x FROM slow WHERE x <> 12345 -- not this 'one'")) {
                assertThat(rows.next()).isTrue();

                try (ResultSet queries = watch.executeQuery("SHOW QUERIES")) {
                    assertThat(queries.next()).as("the running query is listed").isTrue();
                    assertThat(queries.getInt("statement_id")).isNotNegative();
                    assertThat(queries.getString("session")).isNotEmpty();
                    assertThat(queries.getString("user")).isEqualTo("alice");
                    assertThat(queries.getString("cluster")).isEqualTo("embedded");
                    assertThat(queries.getString("state")).isIn("reading", "delivering");
                    assertThat(queries.getString("started_at")).endsWith("Z");
                    assertThat(queries.getLong("elapsed_ms")).isNotNegative();
                    assertThat(queries.getLong("rows")).isPositive();
                    assertThat(queries.getString("job_id")).matches("[0-9a-f]{32}");
                    assertThat(queries.getString("statement")).isEqualTo("SELECT x FROM slow WHERE x <> ?");
                    assertThat(queries.next()).as("the finished CREATE is not").isFalse();
                }
                try (ResultSet queries = otherWatch.executeQuery("SHOW QUERIES")) {
                    assertThat(queries.next())
                            .as("another user's statements are not listed")
                            .isFalse();
                }
            }
            statement.close(); // ends its result on the gateway, and with it the job
            try (ResultSet queries = watch.executeQuery("SHOW QUERIES")) {
                assertThat(queries.next()).as("a closed statement runs no more").isFalse();
            }
        }
    }
}
