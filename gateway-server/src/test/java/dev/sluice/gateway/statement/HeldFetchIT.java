package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A fetch that the gateway holds until its query's first row exists may last longer than the idle timeout of the
 * connection it came on; the connection must not be closed under it.
 */
final class HeldFetchIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @Test
    void aRequestHeldLongerThanTheIdleTimeoutKeepsItsConnection() throws Exception {
        // the shortest idle timeout allowed, and a query whose only row comes after about 3 s
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.server.idle-timeout", "1 s"));
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table slow (x int) with ("
                    + " 'connector' = 'datagen', 'number-of-rows' = '3', 'rows-per-second' = '1')");
            long connectionsBefore = gateway.connectionStats().acceptedConnections();

            try (ResultSet result = statement.executeQuery("select count(*) from slow")) {
                assertThat(result.next()).isTrue();
                assertThat(result.getLong(1)).isEqualTo(3);
            }

            // the driver resends a request whose connection closed, so the answer alone would not show a close
            assertThat(gateway.connectionStats().acceptedConnections()).isEqualTo(connectionsBefore);
        }
    }
}
