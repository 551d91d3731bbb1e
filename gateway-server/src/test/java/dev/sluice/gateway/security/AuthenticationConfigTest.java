package dev.sluice.gateway.security;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class AuthenticationConfigTest {
    @TempDir
    Path directory;

    @Test
    void usesDocumentedDefaults() {
        assertThat(AuthenticationConfig.from(new Configuration()))
                .isEqualTo(new AuthenticationConfig(List.of(), null, Duration.ofSeconds(5), null, false, null));
    }

    @Test
    void mapsEveryOption() throws IOException {
        Path users = Files.createFile(directory.resolve("users"));
        AuthenticationConfig config = AuthenticationConfig.from(Configuration.fromMap(Map.of(
                "sluice.server.host", "0.0.0.0",
                "sluice.security.ssl.enabled", "true",
                "sluice.security.ssl.client-auth", "REQUIRE",
                "sluice.security.authentication.methods", "PASSWORD;CERTIFICATE",
                "sluice.security.authentication.password.file", users.toString(),
                "sluice.security.authentication.password.refresh-interval", "1 min",
                "sluice.security.authentication.certificate.user-attribute", "CN")));

        assertThat(config)
                .isEqualTo(new AuthenticationConfig(
                        List.of(AuthenticationMethod.PASSWORD, AuthenticationMethod.CERTIFICATE),
                        users,
                        Duration.ofMinutes(1),
                        "CN",
                        false,
                        null));
    }

    @Test
    void refusesNoAuthenticationOnAnAddressOtherThanLoopback() {
        assertThatThrownBy(
                        () -> AuthenticationConfig.from(Configuration.fromMap(Map.of("sluice.server.host", "0.0.0.0"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.security.authentication.methods is empty (no authentication), which is allowed"
                        + " only on a loopback address, but sluice.server.host is 0.0.0.0; configure a method, or set"
                        + " sluice.security.authentication.allow-none-on-any-address: true");
    }

    @Test
    void allowsNoAuthenticationOnAnyAddressWhenToldTo() {
        assertThat(AuthenticationConfig.from(Configuration.fromMap(Map.of(
                                "sluice.server.host", "0.0.0.0",
                                "sluice.security.authentication.allow-none-on-any-address", "true")))
                        .enabled())
                .isFalse();
    }

    @Test
    void refusesPasswordsWithoutAPasswordFile() {
        assertThatThrownBy(() -> AuthenticationConfig.from(
                        Configuration.fromMap(Map.of("sluice.security.authentication.methods", "PASSWORD"))))
                .hasMessage("sluice.security.authentication.methods has PASSWORD, which needs"
                        + " sluice.security.authentication.password.file");
    }

    @Test
    void refusesAPasswordFileThatCannotBeRead() {
        Path missing = directory.resolve("missing");
        assertThatThrownBy(() -> AuthenticationConfig.from(Configuration.fromMap(Map.of(
                        "sluice.security.authentication.methods",
                        "PASSWORD",
                        "sluice.security.authentication.password.file",
                        missing.toString()))))
                .hasMessage("sluice.security.authentication.password.file must be a readable file, was " + missing);
    }

    @Test
    void refusesJwtWithoutItsKeyFileIssuerAndAudience() {
        assertThatThrownBy(() -> AuthenticationConfig.from(Configuration.fromMap(Map.of(
                        "sluice.security.authentication.methods", "JWT",
                        "sluice.security.authentication.jwt.issuer", "https://issuer.example"))))
                .hasMessage("sluice.security.authentication.methods has JWT, which needs"
                        + " sluice.security.authentication.jwt.key-file, sluice.security.authentication.jwt.issuer and"
                        + " sluice.security.authentication.jwt.audience");
    }

    @Test
    void mapsTheJwtOptions() throws IOException {
        Path keys = Files.writeString(directory.resolve("keys.json"), "{\"keys\":[]}");
        AuthenticationConfig config = AuthenticationConfig.from(Configuration.fromMap(Map.of(
                "sluice.security.authentication.methods", "JWT",
                "sluice.security.authentication.jwt.key-file", keys.toString(),
                "sluice.security.authentication.jwt.issuer", "https://issuer.example",
                "sluice.security.authentication.jwt.audience", "sluice",
                "sluice.security.authentication.jwt.user-claim", "email")));

        assertThat(config.jwt())
                .isEqualTo(new JwtConfig(keys, "https://issuer.example", "sluice", "email", Duration.ofSeconds(5)));
    }

    @Test
    void refusesCertificatesWithoutMutualTls() {
        assertThatThrownBy(() -> AuthenticationConfig.from(
                        Configuration.fromMap(Map.of("sluice.security.authentication.methods", "CERTIFICATE"))))
                .hasMessage("sluice.security.authentication.methods has CERTIFICATE, which needs mutual TLS:"
                        + " sluice.security.ssl.enabled: true and sluice.security.ssl.client-auth: REQUIRE");
    }

    @Test
    void refusesAMethodNamedTwice() {
        assertThatThrownBy(() -> new AuthenticationConfig(
                        List.of(AuthenticationMethod.CERTIFICATE, AuthenticationMethod.CERTIFICATE),
                        null,
                        Duration.ofSeconds(5),
                        null,
                        false,
                        null))
                .hasMessage("sluice.security.authentication.methods names a method twice, was [CERTIFICATE,"
                        + " CERTIFICATE]");
    }

    @Test
    void refusesANonPositiveRefreshInterval() {
        assertThatThrownBy(() -> new AuthenticationConfig(List.of(), null, Duration.ZERO, null, false, null))
                .hasMessage("sluice.security.authentication.password.refresh-interval must be positive, was PT0S");
    }
}
