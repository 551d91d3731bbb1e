package dev.sluice.gateway.tls;

import dev.sluice.gateway.GatewayConfig;
import dev.sluice.gateway.config.InvalidConfigurationException;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class TlsConfigTest {
    @Test
    void isOffByDefault() {
        assertThat(TlsConfig.from(new Configuration())).isEqualTo(TlsConfig.disabled());
    }

    @Test
    void mapsPemFilesAndMutualTls(@TempDir Path directory) throws Exception {
        Map<String, String> options = pemOptions(directory);
        options.put("sluice.security.ssl.provider", "JDK");
        options.put("sluice.security.ssl.protocols", "TLSv1.3");
        options.put("sluice.security.ssl.cipher-suites", "TLS_AES_128_GCM_SHA256");
        options.put("sluice.security.ssl.client-auth", "REQUIRE");
        options.put("sluice.security.ssl.trusted-certificates", file(directory, "ca.pem"));
        options.put("sluice.security.ssl.reload-interval", "0 s");

        TlsConfig config = TlsConfig.from(Configuration.fromMap(options));

        assertThat(config.enabled()).isTrue();
        assertThat(config.provider()).isEqualTo(TlsProviderChoice.JDK);
        assertThat(config.protocols()).containsExactly("TLSv1.3");
        assertThat(config.cipherSuites()).containsExactly("TLS_AES_128_GCM_SHA256");
        assertThat(config.pemKeyPair())
                .isEqualTo(new PemKeyPair(directory.resolve("cert.pem"), directory.resolve("key.pem"), null));
        assertThat(config.clientAuth()).isEqualTo(ClientAuthMode.REQUIRE);
        assertThat(config.reloadInterval()).isEqualTo(Duration.ZERO);
        assertThat(config.watchedFiles()).hasSize(3);
    }

    @Test
    void treatsBlankValuesAsUnset(@TempDir Path directory) throws Exception {
        Map<String, String> options = pemOptions(directory);
        options.put("sluice.security.ssl.keystore", "");
        options.put("sluice.security.ssl.cipher-suites", "");
        assertThat(TlsConfig.from(Configuration.fromMap(options)).cipherSuites())
                .isEmpty();
    }

    @Test
    void rejectsTlsWithoutKey() {
        assertInvalid(
                Map.of("sluice.security.ssl.enabled", "true"),
                "With sluice.security.ssl.enabled on, set either sluice.security.ssl.certificate and "
                        + "sluice.security.ssl.private-key, or sluice.security.ssl.keystore");
    }

    @Test
    void rejectsAnUnreadableCertificate() {
        assertInvalid(
                Map.of(
                        "sluice.security.ssl.enabled", "true",
                        "sluice.security.ssl.certificate", "/no/such/cert.pem"),
                "sluice.security.ssl.certificate must name a readable file, was /no/such/cert.pem");
    }

    @Test
    void rejectsProtocolsOtherThanTls12And13(@TempDir Path directory) throws Exception {
        Map<String, String> options = pemOptions(directory);
        options.put("sluice.security.ssl.protocols", "TLSv1.1");
        assertInvalid(
                options,
                "sluice.security.ssl.protocols must be a non-empty subset of [TLSv1.3, TLSv1.2], was [TLSv1.1]");
    }

    @Test
    void rejectsMutualTlsWithoutTrust(@TempDir Path directory) throws Exception {
        Map<String, String> options = pemOptions(directory);
        options.put("sluice.security.ssl.client-auth", "REQUIRE");
        assertInvalid(
                options,
                "sluice.security.ssl.client-auth is REQUIRE: set sluice.security.ssl.trusted-certificates or "
                        + "sluice.security.ssl.truststore to say which client certificates to trust");
    }

    @Test
    void rejectsAKeystoreWithoutPassword(@TempDir Path directory) throws Exception {
        assertInvalid(
                Map.of(
                        "sluice.security.ssl.enabled",
                        "true",
                        "sluice.security.ssl.keystore",
                        file(directory, "server.p12")),
                "sluice.security.ssl.keystore is set, so sluice.security.ssl.keystore-password must be set too");
    }

    @Test
    void rejectsAnUnknownProviderAtGatewayLevel() {
        assertThatThrownBy(() ->
                        GatewayConfig.from(Configuration.fromMap(Map.of("sluice.security.ssl.provider", "BORINGSSL"))))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("sluice.security.ssl.provider");
    }

    private static Map<String, String> pemOptions(Path directory) throws Exception {
        Map<String, String> options = new HashMap<>();
        options.put("sluice.security.ssl.enabled", "true");
        options.put("sluice.security.ssl.certificate", file(directory, "cert.pem"));
        options.put("sluice.security.ssl.private-key", file(directory, "key.pem"));
        return options;
    }

    private static String file(Path directory, String name) throws Exception {
        return Files.writeString(directory.resolve(name), "x").toString();
    }

    private static void assertInvalid(Map<String, String> options, String message) {
        assertThatThrownBy(() -> TlsConfig.from(Configuration.fromMap(options)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
