package dev.sluice.gateway.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.PasswordUsers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a user ran stays visible after their connection closed, to them alone: a tool that opens a connection for
 * every operation can be followed in {@code SHOW QUERY HISTORY} of its next connection and on the web page.
 */
final class ClosedSessionHistoryIT {
    private static final String QUERY = "SELECT x * 7 FROM (VALUES (6)) AS t(x)";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    static Path directory;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aUsersNextConnectionShowsWhatTheirClosedOneRanAndNobodyElseSeesIt() throws Exception {
        Path users = PasswordUsers.write(directory, "alice", "bob");
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods",
                "PASSWORD",
                "sluice.security.authentication.password.file",
                users.toString()));
        try (Connection first = connect(gateway, "alice");
                Statement statement = first.createStatement();
                ResultSet rows = statement.executeQuery(QUERY)) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getInt(1)).isEqualTo(42);
            assertThat(rows.next()).isFalse();
        }

        List<HistoryRow> alices;
        try (Connection next = connect(gateway, "alice")) {
            alices = history(next);
        }
        assertThat(alices).hasSize(1);
        assertThat(alices.get(0).statement()).isEqualTo(QUERY);
        assertThat(alices.get(0).outcome()).isEqualTo("finished");
        assertThat(alices.get(0).closedSession())
                .as("named by its closed session")
                .isNotEmpty();

        try (Connection bobs = connect(gateway, "bob")) {
            assertThat(history(bobs)).as("another user sees none of it").isEmpty();
        }

        JsonNode alicesPage = queries(gateway, "alice");
        assertThat(alicesPage).hasSize(1);
        assertThat(alicesPage.get(0).get("statement").asText()).isEqualTo(QUERY);
        assertThat(alicesPage.get(0).get("session").asText())
                .isEqualTo(alices.get(0).closedSession());
        assertThat(alicesPage.get(0).get("session_closed").asBoolean()).isTrue();
        assertThat(queries(gateway, "bob")).as("nor on the web page").isEmpty();
    }

    private static Connection connect(SluiceGateway gateway, String user) throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl(), user, PasswordUsers.password(user));
    }

    /** One row of SHOW QUERY HISTORY. */
    private record HistoryRow(String statement, String outcome, String closedSession) {}

    private static List<HistoryRow> history(Connection connection) throws SQLException {
        List<HistoryRow> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                rows.add(new HistoryRow(
                        history.getString("statement"),
                        history.getString("outcome"),
                        history.getString("closed_session")));
            }
        }
        return rows;
    }

    /** {@code /api/queries} as {@code user} sees it. */
    private JsonNode queries(SluiceGateway gateway, String user) throws Exception {
        String credentials = Base64.getEncoder()
                .encodeToString((user + ":" + PasswordUsers.password(user)).getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + gateway.address().getPort() + "/api/queries"))
                        .header("Authorization", "Basic " + credentials)
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return new ObjectMapper().readTree(response.body());
    }
}
