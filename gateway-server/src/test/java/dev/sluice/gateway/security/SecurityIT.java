package dev.sluice.gateway.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two users, alice and bob, on a gateway with a password file; each attack gets its refusal and alice's session is
 * unaffected. What the JDBC driver would refuse to send (another connection's id) goes over raw HTTP.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class SecurityIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    @TempDir
    static Path directory;

    private final HttpClient http = HttpClient.newHttpClient();
    private SluiceGateway gateway;
    private URI base;
    private KeyPair tokenKeys;

    @BeforeAll
    void startGateway() throws Exception {
        Path users = directory.resolve("users.htpasswd");
        Files.writeString(users, "alice:" + bcrypt("alice-secret") + "\nbob:" + bcrypt("bob-secret") + "\n");
        tokenKeys = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        Path tokenKey = Files.writeString(
                directory.resolve("token-key.pem"),
                "-----BEGIN PUBLIC KEY-----\n"
                        + Base64.getMimeEncoder()
                                .encodeToString(tokenKeys.getPublic().getEncoded())
                        + "\n-----END PUBLIC KEY-----\n");
        gateway = GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods", "PASSWORD;JWT",
                "sluice.security.authentication.password.file", users.toString(),
                "sluice.security.authentication.jwt.key-file", tokenKey.toString(),
                "sluice.security.authentication.jwt.issuer", "https://issuer.example",
                "sluice.security.authentication.jwt.audience", "sluice",
                "sluice.security.user.max-sessions", "3"));
        base = URI.create("http://127.0.0.1:" + gateway.address().getPort() + "/");
    }

    @Test
    void logsInWithTheDriversUserAndPassword() throws SQLException {
        try (Connection connection = connect("alice", "alice-secret");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (rows.next()) {
                assertThat(rows.getString("closed_session"))
                        .as("a new connection has run nothing; only alice's closed ones have")
                        .isNotNull();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = ClientDriver.class,
            names = {"AVATICA_PROTOBUF", "AVATICA_JSON"})
    void logsInWithAvaticasOwnDriverUnchanged(ClientDriver driver) throws SQLException {
        String url = driver.url(gateway) + ";authentication=BASIC;avatica_user=bob;avatica_password=bob-secret";
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'table.local-time-zone' = 'UTC'");
        }
    }

    @Test
    void refusesAWrongPasswordAndAnUnknownUserAlikeAndCountsThem() throws Exception {
        long before = failures("password");

        SQLException wrongPassword = catchConnect("alice", "guess");
        SQLException unknownUser = catchConnect("mallory", "alice-secret");

        assertThat(wrongPassword.getSQLState()).isEqualTo("28000");
        assertThat(unknownUser.getSQLState()).isEqualTo("28000");
        assertThat(wrongPassword.getMessage())
                .contains("Authentication failed (password): wrong user name or password")
                .isEqualTo(unknownUser.getMessage());
        assertThat(failures("password")).isEqualTo(before + 2);
    }

    @Test
    void refusesAConnectionWithoutCredentials() throws Exception {
        assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl()))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("28000");
                    assertThat(e.getMessage()).contains("Authentication failed (none)");
                });
        HttpResponse<String> raw = post(
                null, "{\"request\":\"openConnection\",\"connectionId\":\"" + UUID.randomUUID() + "\",\"info\":{}}");
        assertThat(raw.statusCode()).isEqualTo(401);
        assertThat(raw.headers().firstValue("WWW-Authenticate")).hasValue("Basic realm=\"Sluice\", charset=\"UTF-8\"");
        assertThat(raw.body()).contains("\"sqlState\":\"28000\"");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"request\":\"createStatement\",\"connectionId\":\"%s\"}",
                "{\"request\":\"prepareAndExecute\",\"connectionId\":\"%s\",\"statementId\":0,"
                        + "\"sql\":\"SHOW QUERY HISTORY\",\"maxRowCount\":-1}",
                "{\"request\":\"prepareAndExecute\",\"connectionId\":\"%s\",\"statementId\":0,"
                        + "\"sql\":\"SET 'table.local-time-zone' = 'Asia/Tokyo'\",\"maxRowCount\":-1}",
                "{\"request\":\"fetch\",\"connectionId\":\"%s\",\"statementId\":0,\"offset\":0,"
                        + "\"fetchMaxRowCount\":10}",
                "{\"request\":\"prepare\",\"connectionId\":\"%s\",\"sql\":\"SELECT 1\",\"maxRowCount\":-1}",
                "{\"request\":\"connectionSync\",\"connectionId\":\"%s\",\"connProps\":{\"connProps\":"
                        + "\"connPropsImpl\",\"readOnly\":true}}",
                "{\"request\":\"getTables\",\"connectionId\":\"%s\"}",
                "{\"request\":\"commit\",\"connectionId\":\"%s\"}"
            })
    void answersAnotherUsersConnectionAsOneThatDoesNotExist(String request) throws Exception {
        String alices = UUID.randomUUID().toString();
        open("alice-secret", "alice", alices);
        String nobodys = UUID.randomUUID().toString();

        HttpResponse<String> stolen = post(basic("bob", "bob-secret"), request.formatted(alices));
        HttpResponse<String> missing = post(basic("bob", "bob-secret"), request.formatted(nobodys));

        assertThat(stolen.body()).contains("\"sqlState\":\"08003\"").contains("\"errorCode\":1");
        assertThat(stolen.statusCode()).isEqualTo(missing.statusCode());
        assertThat(stolen.body().replace(alices, "ID")).isEqualTo(missing.body().replace(nobodys, "ID"));
        assertAliceStillOwns(alices);
        close("alice", "alice-secret", alices);
    }

    @Test
    void ownsTheSessionsOfABearerTokensUser() throws Exception {
        String carols = UUID.randomUUID().toString();
        String token = "Bearer " + token(Instant.now().plus(Duration.ofMinutes(5)));
        HttpResponse<String> opened =
                post(token, "{\"request\":\"openConnection\",\"connectionId\":\"" + carols + "\",\"info\":{}}");
        assertThat(opened.statusCode()).isEqualTo(200);

        HttpResponse<String> stolen = post(
                basic("bob", "bob-secret"), "{\"request\":\"createStatement\",\"connectionId\":\"" + carols + "\"}");
        HttpResponse<String> own = post(token, "{\"request\":\"createStatement\",\"connectionId\":\"" + carols + "\"}");

        assertThat(stolen.body()).contains("\"sqlState\":\"08003\"");
        assertThat(own.body()).contains("\"statementId\":0");
        post(token, "{\"request\":\"closeConnection\",\"connectionId\":\"" + carols + "\"}");
    }

    @Test
    void logsInWithTheDriversTokenProperty() throws Exception {
        Properties properties = new Properties();
        properties.setProperty("token", token(Instant.now().plus(Duration.ofMinutes(5))));
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl(), properties);
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'table.local-time-zone' = 'UTC'");
            // Sluice's own requests beside Avatica's carry the token too
            assertThat(connection.isValid(5)).isTrue();
            statement.cancel();
            assertThat(connection.getMetaData().getURL()).isEqualTo(gateway.jdbcUrl());
        }
    }

    @Test
    void refusesAnExpiredTokenOfTheDriverWith28000() throws Exception {
        Properties properties = new Properties();
        properties.setProperty("token", token(Instant.now().minus(Duration.ofMinutes(5))));
        assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl(), properties))
                .satisfies(hasSqlState("28000"));
    }

    @Test
    void refusesATokenWithAUserAndPassword() throws Exception {
        Properties properties = new Properties();
        properties.setProperty("token", token(Instant.now().plus(Duration.ofMinutes(5))));
        properties.setProperty("user", "alice");
        properties.setProperty("password", "alice-secret");
        assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl(), properties))
                .satisfies(hasSqlState("08001"))
                .hasMessage("Give either token or user and password, not both");
    }

    @Test
    void refusesAnExpiredBearerToken() throws Exception {
        HttpResponse<String> refused = post(
                "Bearer " + token(Instant.now().minus(Duration.ofMinutes(5))),
                "{\"request\":\"openConnection\",\"connectionId\":\"" + UUID.randomUUID() + "\",\"info\":{}}");

        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.body()).contains("\"sqlState\":\"28000\"").contains("Authentication failed (jwt)");
    }

    private String token(Instant expiry) throws JOSEException {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader(JWSAlgorithm.RS256),
                new JWTClaimsSet.Builder()
                        .subject("carol")
                        .issuer("https://issuer.example")
                        .audience("sluice")
                        .expirationTime(Date.from(expiry))
                        .build());
        jwt.sign(new RSASSASigner(tokenKeys.getPrivate()));
        return jwt.serialize();
    }

    @Test
    void leavesAnotherUsersConnectionAndStatementOpenWhenAskedToCloseThem() throws Exception {
        String alices = UUID.randomUUID().toString();
        open("alice-secret", "alice", alices);

        post(
                basic("bob", "bob-secret"),
                "{\"request\":\"closeStatement\",\"connectionId\":\"" + alices + "\",\"statementId\":0}");
        HttpResponse<String> close = post(
                basic("bob", "bob-secret"), "{\"request\":\"closeConnection\",\"connectionId\":\"" + alices + "\"}");

        assertThat(close.statusCode()).isEqualTo(200);
        assertAliceStillOwns(alices);
        HttpResponse<String> history = post(
                basic("alice", "alice-secret"),
                "{\"request\":\"prepareAndExecute\",\"connectionId\":\"" + alices + "\",\"statementId\":0,"
                        + "\"sql\":\"SHOW QUERY HISTORY\",\"maxRowCount\":-1}");
        assertThat(history.statusCode()).isEqualTo(200);
        close("alice", "alice-secret", alices);
    }

    private void close(String user, String password, String connectionId) throws Exception {
        HttpResponse<String> closed = post(
                basic(user, password), "{\"request\":\"closeConnection\",\"connectionId\":\"" + connectionId + "\"}");
        assertThat(closed.statusCode()).isEqualTo(200);
    }

    @Test
    void refusesAUsersConnectionsBeyondTheLimitAndServesOthers() throws SQLException {
        List<Connection> open = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                open.add(connect("bob", "bob-secret"));
            }
            assertThatThrownBy(() -> connect("bob", "bob-secret")).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getSQLState()).isEqualTo("08004");
                assertThat(e.getMessage()).contains("User bob already has 3 open connections");
            });
            connect("alice", "alice-secret").close();
        } finally {
            for (Connection connection : open) {
                connection.close();
            }
        }
    }

    private void assertAliceStillOwns(String connectionId) throws Exception {
        HttpResponse<String> sync = post(
                basic("alice", "alice-secret"),
                "{\"request\":\"connectionSync\",\"connectionId\":\"" + connectionId
                        + "\",\"connProps\":{\"connProps\":\"connPropsImpl\"}}");
        assertThat(sync.statusCode()).isEqualTo(200);
        assertThat(sync.body()).contains("\"response\":\"connectionSync\"");
    }

    /** Opens a connection with one statement (id 0) as {@code user}, over raw HTTP with a known id. */
    private void open(String password, String user, String connectionId) throws Exception {
        HttpResponse<String> opened = post(
                basic(user, password),
                "{\"request\":\"openConnection\",\"connectionId\":\"" + connectionId + "\",\"info\":{}}");
        assertThat(opened.statusCode()).isEqualTo(200);
        HttpResponse<String> statement = post(
                basic(user, password), "{\"request\":\"createStatement\",\"connectionId\":\"" + connectionId + "\"}");
        assertThat(statement.body()).contains("\"statementId\":0");
    }

    private Connection connect(String user, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        return DriverManager.getConnection(gateway.jdbcUrl(), properties);
    }

    private SQLException catchConnect(String user, String password) {
        try {
            connect(user, password).close();
        } catch (SQLException e) {
            return e;
        }
        throw new AssertionError("connected as " + user);
    }

    private long failures(String method) throws Exception {
        String metrics = http.send(
                        HttpRequest.newBuilder(base.resolve("/metrics")).GET().build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        String prefix = "sluice_authentication_failures_total{method=\"" + method + "\"} ";
        return metrics.lines()
                .filter(line -> line.startsWith(prefix))
                .mapToLong(line -> (long) Double.parseDouble(line.substring(prefix.length())))
                .findFirst()
                .orElse(0);
    }

    private HttpResponse<String> post(String authorization, String json) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(base).POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static String bcrypt(String password) {
        byte[] salt = new byte[16];
        new java.security.SecureRandom().nextBytes(salt);
        return OpenBSDBCrypt.generate("2y", password.toCharArray(), salt, 4);
    }
}
