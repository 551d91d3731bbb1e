package dev.sluice.gateway.tls;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.TestPki;
import dev.sluice.gateway.testing.TlsTestFiles;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Operators replace the certificate files; new connections get the new certificate without a restart. */
final class TlsCertificateRotationIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    @Test
    void newConnectionsSeeANewCertificateWrittenOverTheOldFiles(@TempDir Path directory) throws Exception {
        TlsTestFiles files = TlsTestFiles.create(directory);
        Map<String, String> options = new HashMap<>(files.serverOptions("AUTO"));
        options.put("sluice.security.ssl.reload-interval", "100 ms");
        SluiceGateway gateway = GATEWAYS.start(options);
        int port = gateway.address().getPort();
        BigInteger before = presentedCertificate(files, port).getSerialNumber();
        String url = files.url(gateway, "OPENSSL");
        try (Connection connection = DriverManager.getConnection(url)) {
            // a JDBC connection is open on a pooled TLS connection with the old certificate
            TestPki.Issued next = files.pki.server("sluice-gateway-rotated");
            files.pki.writePem(next, files.serverCertificate, files.serverKey);

            BigInteger after =
                    awaitPresentedSerial(files, port, next.certificate().getSerialNumber());
            assertThat(after).isNotEqualTo(before).isEqualTo(next.certificate().getSerialNumber());
            assertThat(gateway.tls().orElseThrow().certificate().subject()).isEqualTo("CN=sluice-gateway-rotated");
            try (Statement statement = connection.createStatement()) {
                assertThat(statement.execute("SET 'pipeline.name' = 'after-rotation'"))
                        .isFalse();
            }
        }
        // and a new driver pool (JDK provider) hands shakes with the new certificate
        try (Connection connection = DriverManager.getConnection(files.url(gateway, "JDK"));
                Statement statement = connection.createStatement()) {
            assertThat(statement.execute("SET 'pipeline.name' = 'new-pool'")).isFalse();
        }
    }

    @Test
    void offersOnlyForwardSecretAeadSuitesByDefault(@TempDir Path directory) throws Exception {
        TlsTestFiles files = TlsTestFiles.create(directory);
        for (String provider : new String[] {"JDK", "OPENSSL"}) {
            SluiceGateway gateway = GATEWAYS.start(files.serverOptions(provider));
            int port = gateway.address().getPort();

            // the test certificates are EC: a CBC suite that the providers' defaults offer to them is refused
            assertThatThrownBy(() -> handshake(files, port, "TLSv1.2", "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA"))
                    .as("%s: CBC with SHA-1", provider)
                    .isInstanceOf(SSLException.class);
            assertThat(handshake(files, port, "TLSv1.2", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"))
                    .isEqualTo("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
            assertThat(handshake(files, port, "TLSv1.3", "TLS_AES_256_GCM_SHA384"))
                    .isEqualTo("TLS_AES_256_GCM_SHA384");
        }
    }

    /** The suite agreed when a JDK client offers only {@code suite} over {@code protocol}. */
    private static String handshake(TlsTestFiles files, int port, String protocol, String suite) throws Exception {
        SSLContext context = trustingTheTestCa(files);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("localhost", port)) {
            socket.setEnabledProtocols(new String[] {protocol});
            socket.setEnabledCipherSuites(new String[] {suite});
            socket.startHandshake();
            return socket.getSession().getCipherSuite();
        }
    }

    private static BigInteger awaitPresentedSerial(TlsTestFiles files, int port, BigInteger expected) throws Exception {
        AtomicReference<BigInteger> presented = new AtomicReference<>();
        // the reload check runs every 100 ms on the gateway's own thread; nothing to inject here
        Eventually.within(Duration.ofSeconds(20))
                .pollingEvery(Duration.ofMillis(50))
                .untilAsserted(() -> {
                    presented.set(presentedCertificate(files, port).getSerialNumber());
                    assertThat(presented.get()).isEqualTo(expected);
                });
        return presented.get();
    }

    /** The certificate the gateway presents to a new connection, read with the JDK's own TLS client. */
    private static X509Certificate presentedCertificate(TlsTestFiles files, int port) throws Exception {
        SSLContext context = trustingTheTestCa(files);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("localhost", port)) {
            socket.startHandshake();
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }
    }

    /** The JDK's own TLS client, trusting the test's certificate authority. */
    private static SSLContext trustingTheTestCa(TlsTestFiles files) throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("ca", files.pki.ca().certificate());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
