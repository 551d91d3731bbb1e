package dev.sluice.gateway.testing;

import dev.sluice.gateway.SluiceGateway;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A test CA, a server certificate for {@code localhost}, a client certificate and a second, untrusted CA, written as
 * PEM files into {@code directory}; with the gateway options and JDBC URL properties that use them.
 */
public final class TlsTestFiles {
    public final TestPki pki;
    final TestPki otherPki;
    public final Path caPem;
    public final Path otherCaPem;
    public final Path serverCertificate;
    public final Path serverKey;
    final Path clientCertificate;
    final Path clientKey;

    private TlsTestFiles(Path directory) throws Exception {
        pki = TestPki.create("Sluice test CA");
        otherPki = TestPki.create("Some other CA");
        caPem = pki.writeCaPem(directory.resolve("ca.pem"));
        otherCaPem = otherPki.writeCaPem(directory.resolve("other-ca.pem"));
        serverCertificate = directory.resolve("server.pem");
        serverKey = directory.resolve("server-key.pem");
        pki.writePem(pki.server("sluice-gateway"), serverCertificate, serverKey);
        clientCertificate = directory.resolve("client.pem");
        clientKey = directory.resolve("client-key.pem");
        pki.writePem(pki.client("sluice-client"), clientCertificate, clientKey);
    }

    public static TlsTestFiles create(Path directory) throws Exception {
        return new TlsTestFiles(directory);
    }

    /** Gateway options: TLS with the server certificate and {@code provider}. */
    public Map<String, String> serverOptions(String provider) {
        Map<String, String> options = new HashMap<>();
        options.put("sluice.security.ssl.enabled", "true");
        options.put("sluice.security.ssl.provider", provider);
        options.put("sluice.security.ssl.certificate", serverCertificate.toString());
        options.put("sluice.security.ssl.private-key", serverKey.toString());
        return options;
    }

    /** Gateway options: TLS that requires a client certificate signed by the test CA. */
    public Map<String, String> mutualTlsServerOptions(String provider) {
        Map<String, String> options = serverOptions(provider);
        options.put("sluice.security.ssl.client-auth", "REQUIRE");
        options.put("sluice.security.ssl.trusted-certificates", caPem.toString());
        return options;
    }

    /** A URL to {@code localhost} (the name the server certificate carries) that trusts the test CA. */
    public String url(SluiceGateway gateway, String driverProvider) {
        return "jdbc:sluice://localhost:" + gateway.address().getPort() + ";ssl=true;ssl_ca=" + caPem + ";ssl_provider="
                + driverProvider;
    }

    /** The same with the client certificate, for mutual TLS. */
    public String mutualUrl(SluiceGateway gateway, String driverProvider) {
        return url(gateway, driverProvider) + ";ssl_cert=" + clientCertificate + ";ssl_key=" + clientKey;
    }
}
