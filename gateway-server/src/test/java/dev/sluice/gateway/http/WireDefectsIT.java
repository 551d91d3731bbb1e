package dev.sluice.gateway.http;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every Avatica client gets on the wire, through Sluice's driver and Avatica's stock remote driver over protobuf
 * and JSON: FLOAT values, integer parameters for narrower columns, prepare of an INSERT, and update counts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class WireDefectsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void floatColumnsAreRealAndKeepTheirValue(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select cast(1.5 as float) as f, cast(0.1 as float) as g")) {
            ResultSetMetaData metaData = result.getMetaData();
            assertThat(metaData.getColumnType(1)).isEqualTo(Types.REAL);
            assertThat(metaData.getColumnTypeName(1)).isEqualTo("FLOAT");
            assertThat(result.next()).isTrue();
            assertThat(result.getFloat(1)).isEqualTo(1.5f);
            assertThat(result.getFloat(2)).isEqualTo(0.1f);
            assertThat(result.getDouble(2)).isEqualTo(0.1d);
            if (driver == ClientDriver.SLUICE) {
                // JDBC's class for REAL; Avatica's own driver returns the double it received
                assertThat(result.getObject(1)).isEqualTo(1.5f);
                assertThat(result.getObject("g")).isEqualTo(0.1f);
            }
        }
    }

    @Test
    void floatValuesTravelAsDoublesInProtobuf() throws Exception {
        // what phoenixdb and avatica-go read: a float's bits in number_value read as 0 there, double_value does not
        String connectionId = UUID.randomUUID().toString();
        protobuf(new Service.OpenConnectionRequest(connectionId, Map.of()));
        try {
            Service.CreateStatementResponse statement =
                    (Service.CreateStatementResponse) protobuf(new Service.CreateStatementRequest(connectionId));
            Service.ExecuteResponse response = (Service.ExecuteResponse) protobuf(new Service.PrepareAndExecuteRequest(
                    connectionId, statement.statementId, "select cast(1.5 as float) as f", -1, -1));
            Object row = response.results.get(0).firstFrame.rows.iterator().next();
            Object value = row instanceof List<?> list ? list.get(0) : ((Object[]) row)[0];
            assertThat(value).isInstanceOf(Double.class).isEqualTo(1.5d);
        } finally {
            protobuf(new Service.CloseConnectionRequest(connectionId));
        }
    }

    /** One Avatica request in protobuf, as any Avatica client sends it. */
    private Service.Response protobuf(Service.Request request) throws Exception {
        ProtobufTranslationImpl translation = new ProtobufTranslationImpl();
        HttpResponse<byte[]> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(
                                        "http://127.0.0.1:" + gateway.address().getPort()))
                                .POST(HttpRequest.BodyPublishers.ofByteArray(translation.serializeRequest(request)))
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        return translation.parseResponse(response.body());
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void aBigintParameterGoesIntoAnIntColumnOrIsRefusedWhenItDoesNotFit(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway))) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("create temporary table ints (id int not null) with ('connector' = 'blackhole')");
            }
            try (PreparedStatement insert = connection.prepareStatement("insert into ints values (?)")) {
                insert.setLong(1, 42L); // avatica-go binds every integer as BIGINT
                insert.executeUpdate();

                insert.setLong(1, 1L << 40);
                assertThatThrownBy(insert::executeUpdate).isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("22023");
                    assertThat(messages(e)).contains("Parameter 1 is 1099511627776, outside the range of INT");
                });
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void prepareOfAnInsertIntoAMissingTableFails(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway))) {
            assertThatThrownBy(() -> connection.prepareStatement("insert into missing_table values (?)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(messages(e)).contains("'default_catalog.default_database.missing_table'");
                        if (driver == ClientDriver.SLUICE) {
                            // what a BI tool shows: the reason, not only Avatica's "while preparing SQL"
                            assertThat(e.getMessage()).contains("missing_table' of the INSERT does not exist");
                        }
                    });
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("create temporary table two (a int, b string) with ('connector' = 'blackhole')");
            }
            assertThatThrownBy(() -> connection.prepareStatement("insert into two (a, c) values (?, ?)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(messages(e)).contains("Unknown target column 'c'");
                    });
        }
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void updateCountsAreZeroForDdlAndNoInfoForDmlInABatch(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement()) {
            assertThat(statement.executeUpdate(
                            "create temporary table counted (id int) with ('connector' = 'blackhole')"))
                    .isZero();
            // Flink's sinks do not report how many rows they wrote: executeUpdate has no "unknown" and says 0
            assertThat(statement.executeUpdate("insert into counted values (1), (2)"))
                    .isZero();
            try (PreparedStatement insert = connection.prepareStatement("insert into counted values (?)")) {
                insert.setInt(1, 1);
                insert.addBatch();
                insert.setInt(1, 2);
                insert.addBatch();
                assertThat(insert.executeBatch()).containsExactly(Statement.SUCCESS_NO_INFO, Statement.SUCCESS_NO_INFO);
            }
            statement.addBatch("create temporary table other (id int) with ('connector' = 'blackhole')");
            statement.addBatch("insert into other values (3)");
            assertThat(statement.executeBatch()).containsExactly(0, Statement.SUCCESS_NO_INFO);
        }
    }

    /**
     * The messages of a failure, its causes and what they carry of the gateway's error: Avatica's client keeps the
     * gateway's words out of the message of a failed prepare, in its server traces (Sluice's driver: suppressed).
     */
    private static String messages(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.append(cause.getMessage()).append('\n');
            if (cause instanceof AvaticaSqlException avatica) {
                avatica.getStackTraces().forEach(trace -> messages.append(trace).append('\n'));
            }
            for (Throwable suppressed : cause.getSuppressed()) {
                messages.append(suppressed.getMessage()).append('\n');
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return messages.toString();
    }
}
