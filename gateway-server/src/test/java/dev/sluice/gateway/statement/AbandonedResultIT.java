package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A client that reads one row and walks away does not keep its job's place on the cluster: the gateway closes the
 * result once nobody has fetched from it for sluice.session.result-idle-timeout, and the next query runs.
 */
final class AbandonedResultIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @Test
    void anUnreadResultIsClosedItsJobCancelledAndItsPlaceGivenToTheNextQuery() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.cluster.embedded.admission.max-running-jobs", "1",
                "sluice.session.result-idle-timeout", "1 s"));
        try (Connection abandoning = DriverManager.getConnection(gateway.jdbcUrl());
                Connection next = DriverManager.getConnection(gateway.jdbcUrl());
                Statement held = abandoning.createStatement()) {
            held.execute("create temporary table ticks (x int) with ("
                    + " 'connector' = 'datagen', 'rows-per-second' = '5', 'number-of-rows' = '100000')");
            ResultSet rows = held.executeQuery("select x from ticks");
            assertThat(rows.next()).isTrue();

            // the one place on the cluster is the abandoned query's until the gateway closes its result
            CompletableFuture<Long> count = CompletableFuture.supplyAsync(() -> countOneRow(next));
            assertThat(count.get(60, TimeUnit.SECONDS)).isEqualTo(1);

            SQLException closed = catchThrowableOfType(SQLException.class, () -> {
                for (int i = 0; i < 100_000 && rows.next(); i++) {
                    // rows the driver already holds come first; the fetch after them reaches the gateway
                }
            });
            assertThat(closed.getSQLState()).isEqualTo("HY008");
            assertThat(closed.getMessage())
                    .contains("was not read for 1000 ms")
                    .contains("sluice.session.result-idle-timeout");
        }
    }

    private static long countOneRow(Connection connection) {
        try (Statement statement = connection.createStatement()) {
            statement.execute("create temporary table single (x int) with ("
                    + " 'connector' = 'datagen', 'number-of-rows' = '1')");
            try (ResultSet count = statement.executeQuery("select count(*) from single")) {
                assertThat(count.next()).isTrue();
                return count.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
