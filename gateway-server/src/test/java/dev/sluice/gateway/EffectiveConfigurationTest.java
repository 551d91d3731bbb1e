package dev.sluice.gateway;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

final class EffectiveConfigurationTest {
    @Test
    void showsSluiceDefaultsAndEveryKeySet() {
        Map<String, String> shown = EffectiveConfiguration.of(Configuration.fromMap(Map.of(
                "sluice.server.port", "9000",
                "parallelism.default", "2")));

        assertThat(shown)
                .containsEntry("sluice.server.port", "9000")
                .containsEntry("sluice.server.host", "127.0.0.1")
                .containsEntry("sluice.server.idle-timeout", "5 min")
                .containsEntry("parallelism.default", "2")
                .doesNotContainKey("sluice.security.ssl.certificate"); // no default and not set
    }

    @Test
    void hidesSluiceTlsPasswords() {
        Map<String, String> shown = EffectiveConfiguration.of(Configuration.fromMap(Map.of(
                "sluice.security.ssl.private-key-password", "pem-secret",
                "sluice.security.ssl.keystore-password", "keystore-secret",
                "sluice.security.ssl.truststore-password", "truststore-secret",
                "sluice.security.ssl.keystore", "/etc/sluice/gateway.p12")));

        assertThat(shown)
                .containsEntry("sluice.security.ssl.private-key-password", "******")
                .containsEntry("sluice.security.ssl.keystore-password", "******")
                .containsEntry("sluice.security.ssl.truststore-password", "******")
                .containsEntry("sluice.security.ssl.keystore", "/etc/sluice/gateway.p12");
        assertThat(EffectiveConfiguration.describe(
                        Configuration.fromMap(Map.of("sluice.security.ssl.keystore-password", "keystore-secret"))))
                .doesNotContain("keystore-secret");
    }

    @Test
    void hidesWhatFlinkHides() {
        Map<String, String> secrets = Map.of(
                "security.ssl.rest.key-password", "a",
                "fs.s3a.secret", "b",
                "metrics.reporter.datadog.apikey", "c",
                "security.kerberos.access.token", "d",
                "fs.azure.account.key.account.blob.core.windows.net", "e");

        Map<String, String> shown = EffectiveConfiguration.of(Configuration.fromMap(secrets));

        secrets.keySet().forEach(key -> assertThat(shown).containsEntry(key, "******"));
    }
}
