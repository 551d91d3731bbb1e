package dev.sluice.gateway.http;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Attacks on the HTTP layer through real sockets: a client that trickles bytes, one that pipelines requests. */
final class HttpAttacksIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    @Test
    void clientsTricklingHeaderBytesAreAnswered408AtTheDeadlineAndFreeTheirConnections() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.server.request-timeout", "1 s",
                "sluice.server.max-connections", "8"));
        List<Socket> slow = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Socket socket = GATEWAYS.manage(
                    "slow client " + i,
                    new Socket("127.0.0.1", gateway.address().getPort()));
            socket.setSoTimeout(5_000);
            slow.add(socket);
        }
        // one header byte every 100 ms: each resets the idle timer, none brings the request nearer its end
        long trickleEnds = System.nanoTime() + Duration.ofMillis(1500).toNanos();
        while (System.nanoTime() < trickleEnds) {
            for (Socket socket : slow) {
                try {
                    socket.getOutputStream().write('G');
                } catch (IOException closedByTheGateway) {
                    // expected once the deadline has passed
                }
            }
            Thread.sleep(100);
        }

        for (Socket socket : slow) {
            assertThat(readAll(socket.getInputStream()))
                    .startsWith("HTTP/1.1 408")
                    .contains("sluice.server.request-timeout");
        }
        HttpClient http = HttpClient.newHttpClient();
        URI health = URI.create("http://127.0.0.1:" + gateway.address().getPort() + "/health");
        Eventually.within(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(
                                http.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.ofString())
                                        .statusCode())
                        .isEqualTo(200));
    }

    @Test
    void connectionsThatNeverSendAByteAreClosedAtTheFirstRequestDeadline() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.server.first-request-timeout", "500 ms",
                "sluice.server.max-connections", "64"));
        List<Socket> silent = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            Socket socket = GATEWAYS.manage(
                    "silent client " + i,
                    new Socket("127.0.0.1", gateway.address().getPort()));
            socket.setSoTimeout(5_000);
            silent.add(socket);
        }

        for (Socket socket : silent) {
            assertThat(socket.getInputStream().read())
                    .as("closed by the gateway, nothing said")
                    .isEqualTo(-1);
        }
        assertThat(healthStatus(gateway)).as("the slots they held are free").isEqualTo(200);
    }

    @Test
    void oneAddressCannotTakeEveryConnection() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.server.max-connections-per-address", "16"));
        List<Socket> held = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            held.add(GATEWAYS.manage(
                    "held " + i, new Socket("127.0.0.1", gateway.address().getPort())));
        }
        // each connection is counted on its own event loop, so the held ones may still be uncounted for a moment:
        // a connection beyond them is refused once they are
        Eventually.within(Duration.ofSeconds(10)).untilAsserted(() -> {
            try (Socket socket = new Socket("127.0.0.1", gateway.address().getPort())) {
                socket.setSoTimeout(5_000);
                socket.getOutputStream()
                        .write("GET /health HTTP/1.1\r\nHost: gw\r\nConnection: close\r\n\r\n"
                                .getBytes(StandardCharsets.UTF_8));

                assertThat(readAll(socket.getInputStream()))
                        .startsWith("HTTP/1.1 503")
                        .contains("sluice.server.max-connections-per-address");
            }
        });
        for (Socket socket : held) {
            socket.close();
        }
        Eventually.within(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(healthStatus(gateway))
                        .as("a closed connection gives its address's slot back")
                        .isEqualTo(200));
    }

    private static int healthStatus(SluiceGateway gateway) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI health = URI.create("http://127.0.0.1:" + gateway.address().getPort() + "/health");
        return http.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }

    @Test
    void pipelinedRequestsAreAnsweredInTheOrderTheyCame() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        String open = "{\"request\":\"openConnection\",\"connectionId\":\"" + UUID.randomUUID() + "\",\"info\":{}}";
        byte[] body = open.getBytes(StandardCharsets.UTF_8);
        // the first request creates a session (tens of milliseconds on an RPC thread); the second is answered at once
        String pipelined = "POST / HTTP/1.1\r\nHost: gw\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\n\r\n" + open
                + "GET /health HTTP/1.1\r\nHost: gw\r\nConnection: close\r\n\r\n";

        try (Socket socket = new Socket("127.0.0.1", gateway.address().getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(pipelined.getBytes(StandardCharsets.UTF_8));
            out.flush();

            String answers = readAll(socket.getInputStream());

            int openAnswer = answers.indexOf("\"response\":\"openConnection\"");
            int healthAnswer = answers.indexOf("\r\n\r\nALIVE");
            assertThat(openAnswer).isPositive();
            assertThat(healthAnswer).isGreaterThan(openAnswer);
        }
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            bytes.write(buffer, 0, n);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
