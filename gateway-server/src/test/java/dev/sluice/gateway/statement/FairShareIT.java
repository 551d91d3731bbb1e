package dev.sluice.gateway.statement;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One user cannot take the cluster from the others: their jobs hold at most half of its places (the default
 * {@code admission.max-user-share}), and a job that has ended gives its place back while its result is still open.
 * The embedded cluster has 4 task slots, so 4 places.
 */
final class FairShareIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    static Path directory;

    @Test
    void finishedQueriesWithOpenResultsHoldNoPlace() throws Exception {
        SluiceGateway gateway = start();
        List<AutoCloseable> open = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                Connection connection = DriverManager.getConnection(gateway.jdbcUrl(), "alice", "alice-secret");
                open.add(connection);
                Statement statement = connection.createStatement();
                statement.setQueryTimeout(20);
                statement.setFetchSize(10); // the client takes 10 rows at a time
                statement.execute("create temporary table rows5k (x INT) with ('connector' = 'datagen',"
                        + " 'number-of-rows' = '5000')");
                long start = System.nanoTime();
                ResultSet rows = statement.executeQuery("select x from rows5k");
                // one row read: the job has put all 5,000 in the gateway's buffer and ended, the result stays open
                assertThat(rows.next()).isTrue();
                open.add(rows);
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("query %d of alice, with %d results open before it", i + 1, i)
                        .isLessThan(Duration.ofSeconds(15));
            }
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) {
                open.get(i).close();
            }
        }
    }

    @Test
    void aUserWithHalfThePlacesWaitsWhileAnotherUserIsAnswered() throws Exception {
        SluiceGateway gateway = start();
        List<AutoCloseable> open = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Connection connection = DriverManager.getConnection(gateway.jdbcUrl(), "alice", "alice-secret");
                open.add(connection);
                Statement statement = connection.createStatement();
                statement.execute("create temporary table slow (x INT) with ('connector' = 'datagen',"
                        + " 'number-of-rows' = '100000', 'rows-per-second' = '2')");
                ResultSet rows = statement.executeQuery("select x from slow");
                assertThat(rows.next()).isTrue(); // the job runs on, holding its place
                open.add(rows);
            }
            try (Connection alice = DriverManager.getConnection(gateway.jdbcUrl(), "alice", "alice-secret");
                    Statement third = alice.createStatement()) {
                third.setQueryTimeout(3);
                third.execute("create temporary table slow (x INT) with ('connector' = 'datagen',"
                        + " 'number-of-rows' = '100000', 'rows-per-second' = '2')");
                assertThatThrownBy(() -> third.executeQuery("select x from slow"))
                        .satisfies(hasSqlState("HYT00"))
                        .hasMessageContaining("User 'alice' holds 2 of the cluster's 4 places");
            }
            try (Connection bob = DriverManager.getConnection(gateway.jdbcUrl(), "bob", "bob-secret");
                    Statement statement = bob.createStatement()) {
                statement.execute("create temporary table single (x INT) with ('connector' = 'datagen',"
                        + " 'number-of-rows' = '1')");
                long start = System.nanoTime();
                try (ResultSet rows = statement.executeQuery("select count(*) from single")) {
                    assertThat(rows.next()).isTrue();
                    assertThat(rows.getLong(1)).isEqualTo(1);
                }
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("bob's query does not wait behind alice's")
                        .isLessThan(Duration.ofSeconds(15));
            }
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) {
                open.get(i).close();
            }
        }
    }

    private static SluiceGateway start() throws Exception {
        Path users = PasswordUsers.write(directory, "alice", "bob");
        return GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods",
                "PASSWORD",
                "sluice.security.authentication.password.file",
                users.toString()));
    }
}
