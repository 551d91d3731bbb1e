package dev.sluice.gateway.http;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.config.ServerConfig;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.security.RequestUser;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.gateway.tls.TlsConfig;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.reflect.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad requests on the wire get a specific answer and leave the gateway serving everyone else. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class HttpEndpointIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private final HttpClient http = HttpClient.newHttpClient();
    private SluiceGateway gateway;
    private URI base;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of("sluice.server.max-request-size", "4kb"));
        base = URI.create("http://127.0.0.1:" + gateway.address().getPort() + "/");
    }

    @Test
    void answersHealthChecks() throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(base.resolve("/health")).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).startsWith("ALIVE: serving requests, ").endsWith(" open sessions\n");
    }

    @Test
    void rejectsMethodsOtherThanPost() throws Exception {
        HttpResponse<String> response =
                http.send(HttpRequest.newBuilder(base).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.body()).contains("Avatica protocol");
    }

    @Test
    void rejectsAMalformedProtobufRequestWithBadRequest() throws Exception {
        HttpResponse<byte[]> response = post(new byte[] {0x0A, (byte) 0xFF, 0x01, 0x02});
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(new String(response.body(), StandardCharsets.ISO_8859_1))
                .contains("not a valid Avatica protobuf message")
                .contains("08S01");
        assertGatewayStillServes();
    }

    @Test
    void rejectsJsonThatDoesNotParseWithBadRequest() throws Exception {
        HttpResponse<byte[]> response = post("{\"request\": ".getBytes(StandardCharsets.UTF_8));
        assertThat(response.statusCode()).isEqualTo(400);
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertThat(body).contains("not a valid Avatica JSON message").contains("\"sqlState\":\"08S01\"");
        assertGatewayStillServes();
    }

    @Test
    void rejectsAJsonRequestWithoutAConnectionWithBadRequest() throws Exception {
        HttpResponse<byte[]> response = post("{\"request\":\"createStatement\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(response.statusCode()).isEqualTo(400);
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertThat(body).contains("names no connection").contains("\"sqlState\":\"08S01\"");
        assertGatewayStillServes();
    }

    @Test
    void answersAJsonRequestForAnUnknownConnectionWithItsSqlState() throws Exception {
        HttpResponse<byte[]> response = post("{\"request\":\"createStatement\",\"connectionId\":\"no-such-connection\"}"
                .getBytes(StandardCharsets.UTF_8));
        assertThat(response.statusCode()).isEqualTo(500);
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertThat(body).contains("\"sqlState\":\"08003\"").contains("no-such-connection is not open");
    }

    @Test
    void refusesAConnectionIdThatIsNotARandomUuid() throws Exception {
        HttpResponse<byte[]> response = post(
                "{\"request\":\"openConnection\",\"connectionId\":\"1\",\"info\":{}}".getBytes(StandardCharsets.UTF_8));
        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .contains("\"sqlState\":\"08001\"")
                .contains("must be a random (version 4) UUID");
        assertThat(gateway.openSessions()).isZero();
    }

    @Test
    void rejectsAnOversizedRequestWith413() throws Exception {
        HttpResponse<byte[]> response = post(new byte[8 * 1024]);
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .contains("larger than 4096 bytes")
                .contains("sluice.server.max-request-size");
        assertGatewayStillServes();
    }

    @Test
    void answersEveryRequestEvenWhenHandlingItThrowsAnError() throws Exception {
        // an Error escaped Avatica's handler, killed the RPC task and left the client waiting for ever
        Meta failing = (Meta) Proxy.newProxyInstance(
                Meta.class.getClassLoader(), new Class<?>[] {Meta.class}, (proxy, method, arguments) -> {
                    throw new StackOverflowError();
                });
        ServerConfig config = ServerConfig.from(
                Configuration.fromMap(Map.of("sluice.server.host", "127.0.0.1", "sluice.server.port", "0")));
        try (SluiceHttpServer server = SluiceHttpServer.start(
                config,
                TlsConfig.disabled(),
                new AvaticaRequestHandler(failing, new RequestUser()),
                GatewayAuthenticator.none(),
                NoSessionControl.INSTANCE,
                new OperationsEndpoints(
                        () -> new byte[0],
                        () -> new Probe(true, "ALIVE"),
                        () -> new Probe(true, "READY"),
                        WebPages.NONE),
                new ConnectionStats())) {
            URI uri = URI.create("http://127.0.0.1:" + server.localAddress().getPort() + "/");
            HttpResponse<byte[]> json = post(
                    uri,
                    "{\"request\":\"openConnection\",\"connectionId\":\"c1\",\"info\":{}}"
                            .getBytes(StandardCharsets.UTF_8));
            assertThat(json.statusCode()).isEqualTo(500);
            assertThat(new String(json.body(), StandardCharsets.UTF_8))
                    .contains("error id") // the StackOverflowError is in the log, under that id
                    .contains("\"sqlState\":\"HY000\"");

            ProtobufTranslationImpl translation = new ProtobufTranslationImpl();
            HttpResponse<byte[]> protobuf =
                    post(uri, translation.serializeRequest(new Service.OpenConnectionRequest("c2", Map.of())));
            assertThat(protobuf.statusCode()).isEqualTo(500);
            assertThat(translation.parseResponse(protobuf.body()))
                    .isInstanceOfSatisfying(
                            Service.ErrorResponse.class,
                            error -> assertThat(error.errorMessage).contains("error id"));
        }
    }

    private HttpResponse<byte[]> post(byte[] body) throws Exception {
        return post(base, body);
    }

    private HttpResponse<byte[]> post(URI uri, byte[] body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri)
                        .timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/octet-stream")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    private void assertGatewayStillServes() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select 7")))
                    .containsExactly(List.of(7));
        }
    }
}
