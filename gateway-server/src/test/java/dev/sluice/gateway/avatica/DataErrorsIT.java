package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A statement that fails on its data (a field that does not parse, a cast of text that is no number, a division by
 * zero) is a data error (SQLState class 22, {@link SQLDataException}) with the reason Flink gave, through JDBC on the
 * embedded cluster, whether it failed in its job or while it planned; not an internal error or a cluster's failure.
 */
final class DataErrorsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    Path data;

    private SluiceGateway gateway;

    @BeforeEach
    void startGateway() throws Exception {
        Files.writeString(data.resolve("rows.csv"), "1,x\nnot-a-number,y\n");
        gateway = GATEWAYS.start(Map.of("sluice.security.data.readable-locations", data.toString()));
    }

    @Test
    void aFieldThatDoesNotParseAsItsColumnIsInvalidData() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table numbers (id INT, s STRING) with ('connector' = 'filesystem',"
                    + " 'path' = '" + data.resolve("rows.csv") + "', 'format' = 'csv')");

            Throwable failed =
                    catchThrowable(() -> ReferenceWorkload.rows(statement.executeQuery("select * from numbers")));

            assertThat(failed)
                    .isInstanceOf(SQLDataException.class)
                    .satisfies(hasSqlState("22018"))
                    .hasMessageContaining("Invalid data")
                    .hasMessageContaining("not-a-number");
        }
    }

    @Test
    void aCastOfTextThatIsNoNumberIsInvalidData() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            Throwable failed = catchThrowable(() -> ReferenceWorkload.rows(
                    statement.executeQuery("select cast(s as int) from (values ('12'), ('abc')) as t(s)")));

            assertThat(failed).satisfies(hasSqlState("22018")).hasMessageContaining("abc");
        }
    }

    @Test
    void aDivisionByZeroIsADataErrorWhetherPlannedOrRun() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            // a constant: Flink's planner folds it, and fails while planning
            Throwable planned = catchThrowable(() -> statement.executeQuery("select 1 / 0 from (values (1)) as t(x)"));
            // a column's value: the job fails
            Throwable ran = catchThrowable(() -> ReferenceWorkload.rows(statement.executeQuery(
                    "select 10 / x from (values (cast(2 as DECIMAL(5, 2))), (cast(0 as DECIMAL(5, 2)))) as t(x)")));

            assertThat(planned).isInstanceOf(SQLDataException.class).satisfies(hasSqlState("22012"));
            assertThat(planned).hasMessageContaining("zero");
            assertThat(ran == null ? List.of() : List.of(ran))
                    .as("Flink divides a DECIMAL by zero to NULL, or fails with a data error")
                    .allSatisfy(failure -> assertThat((Throwable) failure).satisfies(hasSqlState("22012")));
            // and the session goes on
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select 1")))
                    .containsExactly(List.of(1));
        }
    }
}
