package dev.sluice.gateway.http;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** What a client sends is bounded: the length of a statement, and what the gateway keeps of it afterwards. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class InputBoundsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of(
                "sluice.session.max-statement-length", "100000",
                "sluice.session.history.max-size", "64kb",
                "sluice.session.history.max-statement-length", "500"));
    }

    @Test
    void aStatementOverTheLimitIsRefusedWithTheLimitAndChangesNothing() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            String tooLong = "SET 'sluice.query.timeout' = '1 s' -- " + "x".repeat(100_000);

            SQLException refused = catchThrowableOfType(SQLException.class, () -> statement.execute(tooLong));
            SQLException refusedPrepare =
                    catchThrowableOfType(SQLException.class, () -> connection.prepareStatement(tooLong));

            assertThat(refused.getSQLState()).isEqualTo("54000");
            assertThat(refused.getMessage())
                    .contains("Statement is 100038 characters long; at most 100000 are allowed")
                    .contains("sluice.session.max-statement-length");
            assertThat(refusedPrepare.getSQLState()).isEqualTo("54000");
            assertThat(option(statement, "sluice.query.timeout")).isEqualTo("10 min");
        }
    }

    @Test
    void aBoundStatementOverTheLimitIsRefusedAloneAndInABatch() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE sink (s STRING) WITH ('connector' = 'blackhole')");
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO sink VALUES (?)")) {
                // the template is short; the value bound into it makes the statement longer than the limit
                insert.setString(1, "x".repeat(100_000));
                SQLException refused = catchThrowableOfType(SQLException.class, insert::executeUpdate);
                insert.addBatch();
                SQLException refusedBatch = catchThrowableOfType(SQLException.class, insert::executeBatch);

                assertThat(refused.getSQLState()).isEqualTo("54000");
                assertThat(refusedBatch.getSQLState())
                        .as("a batch is bounded like any statement")
                        .isEqualTo("54000");
                assertThat(refusedBatch.getMessage()).contains("sluice.session.max-statement-length");
            }
        }
    }

    @Test
    void theQueryHistoryKeepsLongStatementsCutAndStaysWithinItsSize() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            // the attack of issue 14: many long SETs, each of which the history used to keep whole
            for (int i = 0; i < 30; i++) {
                statement.execute("SET 'k" + i + "' = '" + "v".repeat(90_000) + "'");
            }

            List<String> statements = new ArrayList<>();
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                while (history.next()) {
                    statements.add(history.getString("statement"));
                }
            }

            assertThat(statements)
                    .isNotEmpty()
                    .allSatisfy(sql -> assertThat(sql).hasSizeLessThanOrEqualTo(500));
            assertThat(statements.get(statements.size() - 1))
                    .startsWith("SET 'k29' = 'vvv")
                    .endsWith("... (90014 characters)");
            assertThat(statements.stream().mapToInt(String::length).sum()).isLessThanOrEqualTo(32 * 1024);
        }
    }

    private static String option(Statement statement, String key) throws SQLException {
        try (ResultSet rows = statement.executeQuery("SET")) {
            while (rows.next()) {
                if (rows.getString(1).equals(key)) {
                    return rows.getString(2);
                }
            }
        }
        throw new AssertionError(key + " is not listed by SET");
    }
}
