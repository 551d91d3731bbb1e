package dev.sluice.gateway.http;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Connections beyond the limit are refused with a 503 that says why; the ones within it keep working. */
final class ConnectionLimitsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    @Test
    void answersAConnectionBeyondTheLimitWith503AndServesAgainWhenOneCloses() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.server.max-connections", "1"));
        int port = gateway.address().getPort();
        String response;
        try (Socket first = new Socket("127.0.0.1", port)) {
            // the second connects only once the first is served: two connects at once race on the server's
            // event loops, and either may be the one counted second
            assertThat(get(first, "/health")).startsWith("HTTP/1.1 200");
            try (Socket second = new Socket("127.0.0.1", port)) {
                response = get(second, "/health");
            }
        }
        assertThat(response).startsWith("HTTP/1.1 503").contains("sluice.server.max-connections");
        assertThat(gateway.connectionStats().refusedConnections()).isEqualTo(1);

        awaitNoOpenConnections(gateway);
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl() + ";pool_max_connections=1")) {
            assertThat(connection.isClosed()).isFalse();
            // the driver's one pooled connection is now the gateway's one allowed connection
            try (Socket third = new Socket("127.0.0.1", port)) {
                assertThat(get(third, "/health")).startsWith("HTTP/1.1 503");
            }
        }
    }

    private static void awaitNoOpenConnections(SluiceGateway gateway) throws Exception {
        // the close listener runs on the event loop right after the sockets close
        Eventually.within(Duration.ofSeconds(5))
                .untilAsserted(() ->
                        assertThat(gateway.connectionStats().openConnections()).isZero());
    }

    private static String get(Socket socket, String path) throws Exception {
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[4096];
        int read = in.read(buffer);
        return new String(buffer, 0, Math.max(read, 0), StandardCharsets.UTF_8);
    }
}
