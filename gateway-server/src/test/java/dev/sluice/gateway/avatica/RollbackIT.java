package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code commit()}, {@code rollback()} and {@code setReadOnly} through the JDBC driver: commit and rollback are no-ops
 * where there is nothing pending, as pools and frameworks call them on every connection; a rollback that would hide
 * writes already made is refused with 25000, which keeps the connection usable; a read-only connection refuses what
 * may write with 25006.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class RollbackIT {
    private static final String HOLE = "create temporary table hole (x INT) with ('connector' = 'blackhole')";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @Test
    void rollbackIsANoOpInAutoCommitMode() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            connection.rollback();
            statement.execute(HOLE);
            statement.execute("insert into hole values (1)");
            connection.rollback();
            connection.commit();
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select 1")))
                    .containsExactly(List.of(1));
        }
    }

    @Test
    void rollbackWithAutoCommitOffRefusesToHideWritesAndKeepsTheConnection() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.execute(HOLE);
            ReferenceWorkload.rows(statement.executeQuery("select 1"));
            connection.rollback(); // read only: nothing to undo

            statement.execute("insert into hole values (1)");
            statement.execute("insert into hole values (2)");
            assertThatThrownBy(connection::rollback)
                    .satisfies(hasSqlState("25000"))
                    .hasMessageContaining("2 statements wrote data since the last commit")
                    .hasMessageContaining("nothing was rolled back");

            // counted from there on, and a commit starts again
            connection.rollback();
            statement.execute("insert into hole values (3)");
            connection.commit();
            connection.rollback();
            assertThat(connection.isValid(5)).isTrue();
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select 2")))
                    .containsExactly(List.of(2));
        }
    }

    @Test
    void aReadOnlyConnectionRefusesWhatMayWriteAndReads() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(connection.isReadOnly()).as("a new connection writes").isFalse();
            assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_NONE);
            statement.execute(HOLE);

            connection.setReadOnly(true);
            assertThat(connection.isReadOnly()).isTrue();
            assertThatThrownBy(() -> statement.execute("insert into hole values (1)"))
                    .satisfies(hasSqlState("25006"))
                    .hasMessageContaining("read-only");
            assertThatThrownBy(() -> statement.execute(
                            "create temporary table other (x INT) with ('connector' =" + " 'blackhole')"))
                    .satisfies(hasSqlState("25006"));
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select 3")))
                    .containsExactly(List.of(3));

            connection.setReadOnly(false);
            statement.execute("insert into hole values (1)");
        }
    }
}
