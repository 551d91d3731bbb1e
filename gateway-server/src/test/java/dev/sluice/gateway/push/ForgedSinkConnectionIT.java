package dev.sluice.gateway.push;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.push.PushWire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A connection to the result endpoint with a wrong secret, for the result of a query that streams on the push path
 * now, through the whole gateway: the endpoint refuses it, and the query still returns each of its rows exactly once.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
final class ForgedSinkConnectionIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final int ROWS = 6000;

    @Test
    void aSinkConnectionWithAWrongSecretIsRefusedAndTheQueryItAimedAtIsUnaffected() throws Exception {
        int resultPort = freePort();
        SluiceGateway gateway = GATEWAYS.start(
                Map.of("sluice.result.transport", "PUSH", "sluice.result.port", Integer.toString(resultPort)));
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            // throttled, so that the query still streams while the forged connection is tried
            statement.execute("create temporary table numbers (n BIGINT) with ('connector' = 'datagen',"
                    + " 'rows-per-second' = '2000', 'number-of-rows' = '" + ROWS + "', 'fields.n.kind' = 'sequence',"
                    + " 'fields.n.start' = '1', 'fields.n.end' = '" + ROWS + "')");
            try (ResultSet rows = statement.executeQuery("select n from numbers")) {
                List<Long> seen = new ArrayList<>();
                assertThat(rows.next()).isTrue();
                seen.add(rows.getLong(1));

                // the first pushed result of a fresh gateway has id 1: the forged sink aims at this very query
                assertThat(forgedSinkIsRefused(new InetSocketAddress("127.0.0.1", resultPort), 1))
                        .as("the endpoint closes a connection with a wrong secret")
                        .isTrue();

                while (rows.next()) {
                    seen.add(rows.getLong(1));
                }
                assertThat(seen)
                        .as("every row exactly once")
                        .containsExactlyInAnyOrderElementsOf(
                                LongStream.rangeClosed(1, ROWS).boxed().toList());
            }
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                String outcome = null;
                while (history.next()) {
                    if (history.getString("statement").equals("select n from numbers")) {
                        outcome = history.getString("outcome");
                    }
                }
                assertThat(outcome).isEqualTo("finished");
            }
        }
    }

    /** Says hello as the sink of result {@code resultId} with a random secret; true if the endpoint closed it. */
    private static boolean forgedSinkIsRefused(InetSocketAddress endpoint, long resultId) throws IOException {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        try (Socket socket = new Socket()) {
            socket.connect(endpoint, 5_000);
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            new PushWire.Hello(resultId, secret, 7L, 11L, 0).writeFrame(out);
            out.flush();
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            try {
                return in.read() == -1;
            } catch (SocketTimeoutException e) {
                return false;
            } catch (IOException e) {
                return true; // reset by the endpoint
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
