package dev.sluice.jdbc;

import dev.sluice.jdbc.transport.ProviderChoice;
import dev.sluice.jdbc.transport.TransportConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class TransportPropertiesTest {
    @Test
    void defaultsToPlaintextWithThePoolDefaults() throws SQLException {
        assertThat(TransportProperties.parse(new Properties())).isEqualTo(TransportConfig.plaintext());
    }

    @Test
    void mapsTlsProperties(@TempDir Path directory) throws Exception {
        Path ca = Files.writeString(directory.resolve("ca.pem"), "x");
        TransportConfig config = TransportProperties.parse(properties(Map.of(
                "ssl", "true",
                "ssl_provider", "jdk",
                "ssl_ca", ca.toString(),
                "hostname_verification", "none",
                "pool_max_connections", "3",
                "pool_idle_timeout_ms", "1500",
                "connect_timeout_ms", "250")));

        assertThat(config.tls()).isTrue();
        assertThat(config.provider()).isEqualTo(ProviderChoice.JDK);
        assertThat(config.trustedCertificates()).isEqualTo(ca);
        assertThat(config.hostnameVerification()).isFalse();
        assertThat(config.poolMaxConnections()).isEqualTo(3);
        assertThat(config.poolIdleTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(config.connectTimeout()).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void rejectsAnUnknownProvider() {
        assertInvalid(
                Map.of("ssl", "true", "ssl_provider", "BORING"),
                "ssl_provider must be [AUTO, OPENSSL, JDK], was 'BORING'");
    }

    @Test
    void rejectsAMissingFile() {
        assertInvalid(
                Map.of("ssl", "true", "ssl_ca", "/no/such/ca.pem"),
                "ssl_ca must be a readable file, was '/no/such/ca.pem'");
    }

    @Test
    void rejectsANonBooleanSsl() {
        assertInvalid(Map.of("ssl", "yes"), "ssl must be true or false, was 'yes'");
    }

    @Test
    void rejectsTlsPropertiesWithoutSsl(@TempDir Path directory) throws Exception {
        Path ca = Files.writeString(directory.resolve("ca.pem"), "x");
        assertInvalid(Map.of("ssl_ca", ca.toString()), "TLS properties are set but ssl is false; add ssl=true");
    }

    @Test
    void rejectsACertificateWithoutKey(@TempDir Path directory) throws Exception {
        Path cert = Files.writeString(directory.resolve("client.pem"), "x");
        assertInvalid(
                Map.of("ssl", "true", "ssl_cert", cert.toString()),
                "ssl_cert and ssl_key go together; only one is set");
    }

    @Test
    void rejectsAZeroPool() {
        assertInvalid(Map.of("pool_max_connections", "0"), "pool_max_connections must be at least 1, was 0");
    }

    @Test
    void mapsTheRequestTimeout() throws SQLException {
        assertThat(TransportConfig.plaintext().requestTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(TransportProperties.parse(properties(Map.of("request_timeout_ms", "2500")))
                        .requestTimeout())
                .isEqualTo(Duration.ofMillis(2500));
    }

    @Test
    void rejectsANonPositiveRequestTimeout() {
        assertInvalid(Map.of("request_timeout_ms", "0"), "request_timeout_ms must be positive, was 0");
        assertInvalid(Map.of("request_timeout_ms", "soon"), "request_timeout_ms must be a whole number, was 'soon'");
    }

    @Test
    void rejectsAnUnknownHostnameVerification() {
        assertInvalid(
                Map.of("hostname_verification", "LAX"), "hostname_verification must be STRICT or NONE, was 'LAX'");
    }

    private static void assertInvalid(Map<String, String> values, String message) {
        assertThatThrownBy(() -> TransportProperties.parse(properties(values)))
                .satisfies(hasSqlState("08001"))
                .hasMessage("Invalid Sluice connection property: " + message);
    }

    private static Properties properties(Map<String, String> values) {
        Properties properties = new Properties();
        properties.putAll(values);
        return properties;
    }
}
