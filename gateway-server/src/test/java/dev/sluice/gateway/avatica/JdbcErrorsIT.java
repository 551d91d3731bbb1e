package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Errors reach a JDBC application as the standard subclass of their SQLState, through the public URL. */
final class JdbcErrorsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    @Test
    void badSqlIsASyntaxError() throws Exception {
        try (SluiceGateway gateway = GATEWAYS.start(Map.of());
                Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            Throwable executed = catchThrowable(() -> statement.executeQuery("selec 1"));
            Throwable prepared = catchThrowable(() -> connection.prepareStatement("selec 1"));

            assertThatSql(executed).isExactlyInstanceOf(SQLSyntaxErrorException.class);
            assertThat(executed).satisfies(hasSqlState("42000"));
            assertThatSql(prepared).isExactlyInstanceOf(SQLSyntaxErrorException.class);
            assertThat(prepared).satisfies(hasSqlState("42000"));
        }
    }

    @Test
    void whatFlinksPlannerCannotRunIsUnsupportedWithFlinksReason() throws Exception {
        try (SluiceGateway gateway = GATEWAYS.start(Map.of());
                Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            Throwable refused = catchThrowable(() ->
                    statement.executeQuery("select x from (values (3), (1), (2)) as t(x) order by x offset 1 rows"));

            assertThat(refused).satisfies(hasSqlState("0A000")).hasMessageContaining("limitEnd");
        }
    }

    @Test
    void anUnknownClusterIsAConnectionError() throws Exception {
        try (SluiceGateway gateway = GATEWAYS.start(Map.of())) {
            Throwable failure =
                    catchThrowable(() -> DriverManager.getConnection(gateway.jdbcUrl() + ";cluster=staging"));

            assertThatSql(failure)
                    .isExactlyInstanceOf(SQLNonTransientConnectionException.class)
                    .hasMessageContaining("Unknown cluster 'staging'");
            assertThat(failure).satisfies(hasSqlState("08001"));
        }
    }

    @Test
    void aClosedConnectionFailsWithAConnectionError() throws Exception {
        try (SluiceGateway gateway = GATEWAYS.start(Map.of())) {
            Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
            connection.close();

            Throwable failure = catchThrowable(connection::createStatement);

            assertThatSql(failure).isExactlyInstanceOf(SQLNonTransientConnectionException.class);
            assertThat(failure).satisfies(hasSqlState("08003"));
        }
    }

    @Test
    void readingACanceledStatementSaysItWasCanceled() throws Exception {
        try (SluiceGateway gateway = GATEWAYS.start(Map.of());
                Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            ResultSet rows = statement.executeQuery("SELECT 1");
            statement.cancel();

            Throwable failure = catchThrowable(rows::next);

            assertThatSql(failure).isInstanceOf(SQLException.class).hasMessageContaining("canceled");
            assertThat(failure).satisfies(hasSqlState("HY008"));
        }
    }

    @Test
    void aConnectionWhoseGatewayRestartedFailsWithAnSqlException() throws Exception {
        Connection connection;
        int port;
        try (SluiceGateway first = GATEWAYS.start(Map.of())) {
            port = first.address().getPort();
            connection = DriverManager.getConnection(first.jdbcUrl());
        }
        try (SluiceGateway second = GATEWAYS.start(Map.of("sluice.server.port", String.valueOf(port)))) {
            // Avatica's client lets the gateway's "no such connection" through unchecked from createStatement
            Throwable failure = catchThrowable(connection::createStatement);
            connection.close();

            assertThatSql(failure).isInstanceOf(SQLNonTransientConnectionException.class);
            assertThat(failure).satisfies(hasSqlState("08003"));
            assertThat(failure).hasMessageContaining("is not open on this gateway");
        }
    }

    /** AssertJ's throwable assertions: an {@link SQLException} is also an {@code Iterable}, which AssertJ prefers. */
    private static AbstractThrowableAssert<?, ? extends Throwable> assertThatSql(Throwable failure) {
        return assertThat(failure);
    }
}
