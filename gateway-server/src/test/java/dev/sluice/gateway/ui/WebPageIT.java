package dev.sluice.gateway.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The web page of the gateway's work and its JSON API, over real HTTP, while a query runs. */
final class WebPageIT {
    private static final String SLOW_QUERY = "SELECT x FROM slow WHERE x <> -1";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void showsRunningAndRecentStatementsSessionsAndClusters() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE slow (x INT) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '100000', 'rows-per-second' = '20')");
            try (ResultSet rows = statement.executeQuery(SLOW_QUERY)) {
                assertThat(rows.next()).isTrue();

                HttpResponse<String> page = get(gateway, "/ui/");
                assertThat(page.statusCode()).isEqualTo(200);
                assertThat(page.headers().firstValue("content-type")).hasValue("text/html; charset=UTF-8");
                assertThat(page.headers().firstValue("content-security-policy"))
                        .hasValueSatisfying(policy -> assertThat(policy)
                                .contains("default-src 'none'")
                                .contains("frame-ancestors 'none'")
                                .doesNotContain("script-src"));
                assertThat(page.headers().firstValue("x-frame-options")).hasValue("DENY");
                assertThat(page.headers().firstValue("x-content-type-options")).hasValue("nosniff");
                assertThat(page.headers().firstValue("cache-control")).hasValue("no-store");
                assertThat(page.body())
                        .contains("<h2 id=\"running\">Running statements (1)</h2>")
                        .contains("<td class=\"wrap\"><code>SELECT x FROM slow WHERE x &lt;&gt; -1</code></td>")
                        .contains("<h2 id=\"sessions\">Sessions (1)</h2>")
                        .contains("<td>embedded (default)</td><td><span class=\"ok\">reachable</span></td>")
                        .contains("<a href=\"http://"
                                + gateway.embeddedClusterRestAddress().orElseThrow() + "/\">")
                        .doesNotContain(SLOW_QUERY);

                JsonNode queries = json.readTree(get(gateway, "/api/queries").body());
                JsonNode running = queries.get(0);
                assertThat(running.get("statement").asText()).isEqualTo(SLOW_QUERY);
                assertThat(running.get("running").asBoolean()).isTrue();
                assertThat(running.get("state").asText()).isEqualTo("running");
                assertThat(running.get("cluster").asText()).isEqualTo("embedded");
                assertThat(running.get("job_id").asText()).hasSize(32);
                assertThat(running.get("phases_ms").has("start")).isTrue();
                assertThat(queries.get(1).get("state").asText()).isEqualTo("finished");
                assertThat(running.get("phase").asText()).isIn("reading", "delivering");
                assertThat(running.get("rows").asLong()).isPositive();

                HttpResponse<String> one = get(
                        gateway,
                        "/api/queries/" + running.get("session").asText() + "/"
                                + running.get("statement_id").asInt());
                assertThat(one.statusCode()).isEqualTo(200);
                JsonNode statementNow = json.readTree(one.body());
                assertThat(statementNow.get("statement").asText()).isEqualTo(SLOW_QUERY);
                assertThat(statementNow.get("job_id").asText())
                        .isEqualTo(running.get("job_id").asText());
                assertThat(get(gateway, "/api/queries/" + running.get("session").asText() + "/999")
                                .statusCode())
                        .isEqualTo(404);

                JsonNode sessions = json.readTree(get(gateway, "/api/sessions").body());
                assertThat(sessions).hasSize(1);
                assertThat(sessions.get(0).get("running_statements").asInt()).isEqualTo(1);
                assertThat(running.get("session").asText())
                        .isEqualTo(sessions.get(0).get("id").asText());

                JsonNode cluster =
                        json.readTree(get(gateway, "/api/clusters").body()).get(0);
                assertThat(cluster.get("name").asText()).isEqualTo("embedded");
                assertThat(cluster.get("reachable").asBoolean()).isTrue();
                assertThat(cluster.get("total_slots").asInt()).isEqualTo(4);
                assertThat(cluster.get("admitted_jobs").asInt()).isEqualTo(1);
                assertThat(cluster.get("queued_queries").asInt()).isZero();

                assertThat(page.body())
                        .contains("<form method=\"post\" action=\"/api/queries/"
                                + running.get("session").asText() + "/"
                                + running.get("statement_id").asInt() + "/cancel\">");
                HttpResponse<String> cancelled = post(
                        gateway,
                        "/api/queries/" + running.get("session").asText() + "/"
                                + running.get("statement_id").asInt() + "/cancel");
                assertThat(cancelled.statusCode()).isEqualTo(200);
                assertThat(cancelled.body()).contains("Cancelled statement");
                JsonNode afterCancel =
                        json.readTree(get(gateway, "/api/queries").body()).get(0);
                assertThat(afterCancel.get("running").asBoolean()).isFalse();
                assertThat(afterCancel.get("state").asText()).isEqualTo("closed early");
                assertThatThrownBy(() -> {
                            while (rows.next()) {
                                // the rows fetched before the cancel, then the failure
                            }
                        })
                        .isInstanceOf(SQLException.class);
            }
        }
        HttpResponse<String> after = get(gateway, "/ui/");
        assertThat(after.body()).contains("Running statements (0)").contains("Sessions (0)");
    }

    @Test
    void answersAnUnknownPageOrStatementWith404() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());

        HttpResponse<String> missing = get(gateway, "/api/nothing");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("/api/queries");

        HttpResponse<String> noStatement = post(gateway, "/api/queries/no-such-session/1/cancel");
        assertThat(noStatement.statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> post(SluiceGateway gateway, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + gateway.address().getPort() + path))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(SluiceGateway gateway, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + gateway.address().getPort() + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
