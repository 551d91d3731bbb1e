package dev.sluice.gateway.tls;

import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.TlsTestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** TLS settings that cannot work stop the gateway at start, with the reason, rather than failing every handshake. */
final class TlsStartupIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    @Test
    void aCipherSuiteTheProviderLacksStopsTheStart(@TempDir Path directory) throws Exception {
        TlsTestFiles files = TlsTestFiles.create(directory);
        for (String provider : new String[] {"JDK", "OPENSSL"}) {
            Map<String, String> options = new java.util.HashMap<>(files.serverOptions(provider));
            options.put("sluice.security.ssl.cipher-suites", "TLS_AES_128_GCM_SHA256;TLS_NO_SUCH_SUITE");

            assertThatThrownBy(() -> GATEWAYS.start(options))
                    .as(provider)
                    .hasStackTraceContaining("does not support the cipher suites [TLS_NO_SUCH_SUITE]");
        }
    }
}
