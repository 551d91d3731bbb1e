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
 * A short result, pushed by its job: its first page says it is the last, so a client that reads one row and closes the
 * result (a BI tool's preview, a pool's validation query) has not cancelled anything, and its job is not cancelled
 * after it finished.
 */
final class ShortResultIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @Test
    void aResultClosedAfterItsFirstRowOfAFirstPageThatHadThemAllFinished() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table three (n BIGINT) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '3', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1',"
                    + " 'fields.n.end' = '3')");
            for (int i = 0; i < 5; i++) {
                try (ResultSet rows = statement.executeQuery("select n from three order by n")) {
                    assertThat(rows.next()).isTrue();
                    assertThat(rows.getLong(1)).isEqualTo(1L);
                }
            }
            int finished = 0;
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                while (history.next()) {
                    if (history.getString("statement").equals("select n from three order by n")) {
                        assertThat(history.getString("outcome")).isIn("finished", "closed early");
                        finished += history.getString("outcome").equals("finished") ? 1 : 0;
                    }
                }
            }
            // without the end on the first page none finished; the wait for the end is bounded, so a loaded machine
            // may still miss it now and then
            assertThat(finished).as("of 5 results closed after their first row").isGreaterThanOrEqualTo(3);
        }
    }
}
