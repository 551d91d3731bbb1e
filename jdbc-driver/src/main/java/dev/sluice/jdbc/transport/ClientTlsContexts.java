package dev.sluice.jdbc.transport;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.concurrent.atomic.AtomicBoolean;

/** Builds the driver's TLS context from a {@link TransportConfig}; no silent fallback from OpenSSL to the JDK. */
final class ClientTlsContexts {
    private static final Logger LOG = LoggerFactory.getLogger(ClientTlsContexts.class);
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    /** What the driver offers: the same as the gateway. */
    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    private ClientTlsContexts() {}

    /**
     * The engine for {@code choice}.
     *
     * @throws TransportSetupException if OPENSSL is asked for and its native library did not load
     */
    static SslProvider select(ProviderChoice choice) {
        switch (choice) {
            case JDK:
                return SslProvider.JDK;
            case OPENSSL:
                if (!OpenSsl.isAvailable()) {
                    throw new TransportSetupException(
                            "ssl_provider is OPENSSL but OpenSSL (netty-tcnative) is not available: "
                                    + OpenSsl.unavailabilityCause(),
                            OpenSsl.unavailabilityCause());
                }
                return SslProvider.OPENSSL;
            case AUTO:
                if (OpenSsl.isAvailable()) {
                    return SslProvider.OPENSSL;
                }
                if (WARNED.compareAndSet(false, true)) {
                    LOG.warn(
                            "Sluice driver TLS runs on the JDK's engine: OpenSSL (netty-tcnative) is not available ({})",
                            String.valueOf(OpenSsl.unavailabilityCause()));
                }
                return SslProvider.JDK;
        }
        throw new AssertionError(choice);
    }

    /**
     * A client context for {@code config}.
     *
     * @throws TransportSetupException naming the file or setting that cannot be used
     */
    static SslContext build(TransportConfig config) {
        SslProvider provider = select(config.provider());
        SslContextBuilder builder = SslContextBuilder.forClient()
                .sslProvider(provider)
                .protocols(PROTOCOLS)
                // Netty 4.2 verifies host names by default; null turns it off for hostname_verification=NONE
                .endpointIdentificationAlgorithm(config.hostnameVerification() ? "HTTPS" : null);
        try {
            if (config.trustedCertificates() != null) {
                builder.trustManager(config.trustedCertificates().toFile());
            } else if (config.trustStore() != null) {
                TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                trust.init(load(config.trustStore()));
                builder.trustManager(trust);
            }
            if (config.clientCertificate() != null && config.clientKey() != null) {
                builder.keyManager(
                        config.clientCertificate().toFile(), config.clientKey().toFile(), config.clientKeyPassword());
            } else if (config.keyStore() != null) {
                KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(load(config.keyStore()), config.keyStore().password().toCharArray());
                builder.keyManager(keys);
            }
            SslContext context = builder.build();
            LOG.debug(
                    "Sluice driver TLS context: provider {}, protocols {}",
                    provider == SslProvider.JDK ? "JDK" : "OPENSSL (" + OpenSsl.versionString() + ")",
                    String.join(", ", PROTOCOLS));
            return context;
        } catch (GeneralSecurityException | SSLException | IllegalArgumentException e) {
            throw new TransportSetupException("Cannot set up TLS from " + config + ": " + e.getMessage(), e);
        }
    }

    private static KeyStore load(StoreFile file) {
        try (InputStream in = Files.newInputStream(file.path())) {
            KeyStore store = KeyStore.getInstance(file.type());
            store.load(in, file.password().toCharArray());
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new TransportSetupException(
                    "Cannot read the " + file.type() + " store " + file.path() + " (wrong password or type?): "
                            + e.getMessage(),
                    e);
        }
    }
}
