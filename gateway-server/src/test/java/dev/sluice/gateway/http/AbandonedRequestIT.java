package dev.sluice.gateway.http;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ShowJobs;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.sluice.gateway.testing.RawAvaticaJson.openStatement;
import static dev.sluice.gateway.testing.RawAvaticaJson.prepareAndExecute;
import static dev.sluice.gateway.testing.RawAvaticaJson.send;
import static dev.sluice.gateway.testing.RawAvaticaJson.sendOnly;
import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A statement stopped while it runs, by {@code Statement.cancel()}, or by its client going away: the statement is cancelled when its connection closes, as
 * {@code Statement.cancel()} would, rather than running on for nobody until its timeout. Spoken as a killed client
 * would leave it: Avatica's JSON over a socket that is then closed with the answer still owed.
 */
final class AbandonedRequestIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @Test
    void aDmlWhoseClientWentAwayIsCancelled() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        String connectionId = UUID.randomUUID().toString();
        try (Socket socket = new Socket("127.0.0.1", gateway.address().getPort())) {
            String statementId = openStatement(socket, connectionId, "{}");
            for (String ddl : new String[] {
                "SET 'pipeline.name' = 'abandoned-insert'",
                "create temporary table slow (x INT) with ('connector' = 'datagen', 'number-of-rows' = '1000',"
                        + " 'rows-per-second' = '5')",
                "create temporary table sink (x INT) with ('connector' = 'blackhole')"
            }) {
                assertThat(send(socket, prepareAndExecute(connectionId, statementId, ddl)))
                        .contains("\"response\":\"executeResults\"");
            }
            // a DML waits for its job's end: 200 s of rows; the answer is never read
            sendOnly(socket, prepareAndExecute(connectionId, statementId, "insert into sink select x from slow"));
            try (Connection watching = DriverManager.getConnection(gateway.jdbcUrl());
                    Statement statement = watching.createStatement()) {
                Eventually.within(Duration.ofSeconds(60))
                        .untilAsserted(() -> assertThat(ShowJobs.status(statement, "abandoned-insert"))
                                .isEqualTo("RUNNING"));
                socket.close(); // the client is killed
                Eventually.within(Duration.ofSeconds(20))
                        .untilAsserted(() -> assertThat(ShowJobs.status(statement, "abandoned-insert"))
                                .isEqualTo("CANCELED"));
            }
        }
    }

    @Test
    void aStreamingQueryWhoseClientWentAwayDuringAFetchIsCancelled() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        String connectionId = UUID.randomUUID().toString();
        try (Socket socket = new Socket("127.0.0.1", gateway.address().getPort())) {
            String statementId = openStatement(socket, connectionId, "{\"execution.runtime-mode\":\"streaming\"}");
            for (String ddl : new String[] {
                "SET 'pipeline.name' = 'abandoned-stream'",
                "create temporary table ticks (n BIGINT) with ('connector' = 'datagen', 'rows-per-second' = '20',"
                        + " 'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '100000')"
            }) {
                assertThat(send(socket, prepareAndExecute(connectionId, statementId, ddl)))
                        .contains("\"response\":\"executeResults\"");
            }
            // one row at once, then none for hours: the next fetch waits at the gateway
            assertThat(send(
                            socket,
                            prepareAndExecute(
                                    connectionId, statementId, "select n from ticks where n = 1 or n > 99999")))
                    .contains("\"response\":\"executeResults\"");
            sendOnly(
                    socket,
                    "{\"request\":\"fetch\",\"connectionId\":\"" + connectionId + "\",\"statementId\":" + statementId
                            + ",\"offset\":1,\"fetchMaxRowCount\":100}");
            try (Connection watching = DriverManager.getConnection(gateway.jdbcUrl());
                    Statement statement = watching.createStatement()) {
                assertThat(ShowJobs.status(statement, "abandoned-stream")).isEqualTo("RUNNING");
                Thread.sleep(500); // the fetch has reached the gateway
                socket.close(); // the client is killed while its fetch waits
                Eventually.within(Duration.ofSeconds(20))
                        .untilAsserted(() -> assertThat(ShowJobs.status(statement, "abandoned-stream"))
                                .isEqualTo("CANCELED"));
            }
        }
    }

    @Test
    void statementCancelStopsADmlThatWaitsForItsJob() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement();
                // another connection: a session runs one statement at a time, and this one's runs the INSERT
                Connection other = DriverManager.getConnection(gateway.jdbcUrl());
                Statement watching = other.createStatement()) {
            statement.execute("SET 'pipeline.name' = 'cancelled-insert'");
            statement.execute("create temporary table slow (x INT) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '1000', 'rows-per-second' = '5')");
            statement.execute("create temporary table sink (x INT) with ('connector' = 'blackhole')");
            ExecutorService thread = Executors.newSingleThreadExecutor();
            try {
                Future<?> insert = thread.submit(() -> statement.execute("insert into sink select x from slow"));
                Eventually.within(Duration.ofSeconds(60))
                        .untilAsserted(() -> assertThat(ShowJobs.status(watching, "cancelled-insert"))
                                .isEqualTo("RUNNING"));
                statement.cancel();
                assertThatThrownBy(() -> insert.get(20, TimeUnit.SECONDS))
                        .cause()
                        .satisfies(hasSqlState("HY008"));
                Eventually.within(Duration.ofSeconds(20))
                        .untilAsserted(() -> assertThat(ShowJobs.status(watching, "cancelled-insert"))
                                .isEqualTo("CANCELED"));
            } finally {
                thread.shutdownNow();
            }
        }
    }
}
