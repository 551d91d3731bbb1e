package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests an attacker would send in raw Avatica JSON get a specific refusal, change nothing, and learn nothing of the
 * gateway's insides.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class AvaticaRefusalsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    private final HttpClient http = HttpClient.newHttpClient();
    private URI base;

    @BeforeAll
    void startGateway() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        base = URI.create("http://127.0.0.1:" + gateway.address().getPort() + "/");
    }

    @Test
    void anUnknownRequestTypeIsRefusedNotRunAsGetSchemas() throws Exception {
        String connection = open();

        HttpResponse<String> response = post("{\"request\":\"doesNotExist\",\"connectionId\":\"" + connection + "\"}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body())
                .contains("\"response\":\"error\"")
                .contains("Unknown Avatica request type 'doesNotExist'")
                .contains("\"sqlState\":\"08S01\"")
                .doesNotContain("resultSet");
    }

    @Test
    void openingAConnectionIdTwiceHasItsOwnErrorAndLeavesTheFirstConnectionAlone() throws Exception {
        String connection = open();

        HttpResponse<String> again = post(openConnection(connection));

        assertThat(again.statusCode()).isEqualTo(500); // Avatica's status for every error but a malformed request
        assertThat(again.body())
                .contains("\"sqlState\":\"08002\"")
                .contains("A connection with this id is already open")
                .doesNotContain("Internal error");
        HttpResponse<String> statement =
                post("{\"request\":\"createStatement\",\"connectionId\":\"" + connection + "\"}");
        assertThat(statement.body()).contains("\"response\":\"createStatement\"");
    }

    @Test
    void anErrorResponseCarriesNoStackTrace() throws Exception {
        String connection = open();
        HttpResponse<String> statement =
                post("{\"request\":\"createStatement\",\"connectionId\":\"" + connection + "\"}");
        String statementId = statement.body().replaceAll(".*\"statementId\":(\\d+).*", "$1");

        HttpResponse<String> failed = post("{\"request\":\"prepareAndExecute\",\"connectionId\":\"" + connection
                + "\",\"statementId\":" + statementId + ",\"sql\":\"selec 1\",\"maxRowCount\":-1}");

        assertThat(failed.body())
                .contains("\"sqlState\":\"42000\"")
                .doesNotContain("\\tat ")
                .doesNotContain("at org.");
    }

    @Test
    void anExecuteWithoutAStatementHandleIsMalformedNotAnInternalError() throws Exception {
        post(openConnection(UUID.randomUUID().toString()));

        HttpResponse<String> failed = post("{\"request\":\"execute\",\"parameterValues\":[],\"maxRowCount\":-1}");

        assertThat(failed.statusCode()).isEqualTo(400);
        assertThat(failed.body())
                .contains("\"sqlState\":\"08S01\"")
                .contains("names no statement")
                .doesNotContain("Internal error");
    }

    private String open() throws Exception {
        String connection = UUID.randomUUID().toString();
        HttpResponse<String> response = post(openConnection(connection));
        assertThat(response.body()).contains("\"response\":\"openConnection\"");
        return connection;
    }

    private static String openConnection(String connection) {
        return "{\"request\":\"openConnection\",\"connectionId\":\"" + connection + "\",\"info\":{}}";
    }

    private HttpResponse<String> post(String json) throws Exception {
        return http.send(
                HttpRequest.newBuilder(base)
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
