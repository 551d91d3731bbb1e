package dev.sluice.gateway.security;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.TlsTestFiles;
import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** With mutual TLS, the client certificate's CN is the user: the owner of its sessions and the subject of limits. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class CertificateAuthenticationIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    @TempDir
    static Path directory;

    private TlsTestFiles files;
    private SluiceGateway gateway;
    private Path otherCertificate;
    private Path otherKey;

    @BeforeAll
    void startGateway() throws Exception {
        files = TlsTestFiles.create(directory);
        otherCertificate = directory.resolve("other-client.pem");
        otherKey = directory.resolve("other-client-key.pem");
        files.pki.writePem(files.pki.client("other-client"), otherCertificate, otherKey);
        Path users = directory.resolve("users");
        Files.writeString(users, "alice:" + OpenBSDBCrypt.generate("secret".toCharArray(), new byte[16], 4) + "\n");
        Map<String, String> options = new HashMap<>(files.mutualTlsServerOptions("JDK"));
        options.put("sluice.security.authentication.methods", "PASSWORD;CERTIFICATE");
        options.put("sluice.security.authentication.password.file", users.toString());
        options.put("sluice.security.authentication.certificate.user-attribute", "CN");
        options.put("sluice.security.user.max-sessions", "1");
        gateway = GATEWAYS.start(options);
    }

    @Test
    void namesTheUserByTheCertificatesCommonName() throws SQLException {
        try (Connection first = DriverManager.getConnection(files.mutualUrl(gateway, "JDK"))) {
            assertThat(first.isValid(5)).isTrue();
            // the limit of one session per user shows whose session it is
            assertThatThrownBy(() -> DriverManager.getConnection(files.mutualUrl(gateway, "JDK")))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("08004");
                        assertThat(e.getMessage()).contains("User sluice-client already has 1 open connections");
                    });
            try (Connection other = DriverManager.getConnection(
                    files.url(gateway, "JDK") + ";ssl_cert=" + otherCertificate + ";ssl_key=" + otherKey)) {
                assertThat(other.isValid(5)).isTrue();
            }
        }
    }

    @Test
    void judgesAWrongPasswordAloneEvenWithAValidCertificate() {
        assertThatThrownBy(() ->
                        DriverManager.getConnection(files.mutualUrl(gateway, "JDK") + ";user=alice;password=wrong"))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("28000");
                    assertThat(e.getMessage()).contains("Authentication failed (password)");
                });
    }

    @Test
    void acceptsAPasswordOverMutualTls() throws SQLException {
        try (Connection connection =
                DriverManager.getConnection(files.mutualUrl(gateway, "JDK") + ";user=alice;password=secret")) {
            assertThat(connection.isValid(5)).isTrue();
        }
    }
}
