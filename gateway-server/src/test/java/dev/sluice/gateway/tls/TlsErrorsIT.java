package dev.sluice.gateway.tls;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.TlsTestFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each TLS mistake gives a clear SQLException with an 08xxx SQLState, and the gateway keeps serving others. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class TlsErrorsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    private TlsTestFiles files;
    private SluiceGateway mutualTlsGateway;
    private SluiceGateway expiredCertificateGateway;

    @BeforeAll
    void startGateways(@TempDir Path directory) throws Exception {
        files = TlsTestFiles.create(directory);
        mutualTlsGateway = GATEWAYS.start(files.mutualTlsServerOptions("AUTO"));
        Path expired = directory.resolve("expired.pem");
        Path expiredKey = directory.resolve("expired-key.pem");
        files.pki.writePem(files.pki.expiredServer("expired-gateway"), expired, expiredKey);
        expiredCertificateGateway = GATEWAYS.start(Map.of(
                "sluice.security.ssl.enabled", "true",
                "sluice.security.ssl.certificate", expired.toString(),
                "sluice.security.ssl.private-key", expiredKey.toString()));
    }

    @AfterEach
    void gatewayStillServesAClientThatDoesItRight() throws SQLException {
        for (String provider : new String[] {"OPENSSL", "JDK"}) {
            try (Connection connection = DriverManager.getConnection(files.mutualUrl(mutualTlsGateway, provider));
                    Statement statement = connection.createStatement()) {
                assertThat(statement.execute("SET 'pipeline.name' = 'still-serving'"))
                        .isFalse();
            }
        }
    }

    @Test
    void rejectsAGatewayCertificateFromAnUntrustedCa() {
        String url = files.mutualUrl(mutualTlsGateway, "OPENSSL")
                .replace(files.caPem.toString(), files.otherCaPem.toString());
        assertConnectFails(url, "08001", "not signed by a trusted CA");
        assertConnectFails(
                url.replace("ssl_provider=OPENSSL", "ssl_provider=JDK"), "08001", "not signed by a trusted CA");
    }

    @Test
    void rejectsAnExpiredGatewayCertificate() {
        for (String provider : new String[] {"OPENSSL", "JDK"}) {
            assertConnectFails(files.url(expiredCertificateGateway, provider), "08001", "expired");
        }
    }

    @Test
    void rejectsAGatewayCertificateForAnotherHost() {
        for (String provider : new String[] {"OPENSSL", "JDK"}) {
            // the certificate names localhost only
            String url = files.mutualUrl(mutualTlsGateway, provider).replace("//localhost:", "//127.0.0.1:");
            assertConnectFails(url, "08001", "does not name the host");
        }
    }

    @Test
    void rejectsAClientWithoutCertificateWhenMutualTlsIsOn() {
        for (String provider : new String[] {"OPENSSL", "JDK"}) {
            assertConnectFails(files.url(mutualTlsGateway, provider), "08004", "requires a client certificate");
        }
    }

    @Test
    void tellsAPlaintextClientThatThePortRequiresTls() {
        assertConnectFails(
                "jdbc:sluice://localhost:" + mutualTlsGateway.address().getPort(), "08001", "requires TLS");
        assertThat(mutualTlsGateway.connectionStats().tlsHandshakesFailed()).isPositive();
    }

    private static void assertConnectFails(String url, String sqlState, String message) {
        assertThatThrownBy(() -> DriverManager.getConnection(url).close())
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState())
                            .as("SQLState of: %s", e.getMessage())
                            .isEqualTo(sqlState);
                    assertThat(e.getMessage()).contains(message);
                });
    }
}
