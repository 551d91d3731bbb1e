package dev.sluice.gateway.tls;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;

import static java.util.Objects.requireNonNull;

/** Builds the server's {@link SslContext} from the configured files, for one provider. */
final class ServerTlsContextBuilder {
    private final TlsConfig config;
    private final SslProvider provider;

    ServerTlsContextBuilder(TlsConfig config, SslProvider provider) {
        this.config = requireNonNull(config, "config is null");
        this.provider = requireNonNull(provider, "provider is null");
    }

    /**
     * Reads the files and builds a context.
     *
     * @throws TlsSetupException naming the file that could not be used and why
     */
    ServerTlsContext build() {
        SslContextBuilder builder;
        X509Certificate certificate;
        PemKeyPair pem = config.pemKeyPair();
        KeyStoreFile keyStore = config.keyStore();
        if (pem != null) {
            certificate = firstCertificate(pem.certificateChain());
            try {
                builder = SslContextBuilder.forServer(
                        pem.certificateChain().toFile(), pem.privateKey().toFile(), pem.keyPassword());
            } catch (IllegalArgumentException e) {
                throw new TlsSetupException(
                        "Cannot use the certificate " + pem.certificateChain() + " with the key " + pem.privateKey()
                                + ": " + e.getMessage(),
                        e);
            }
        } else {
            KeyStore store = load(requireNonNull(keyStore, "keyStore is null"));
            certificate = keyCertificate(store, keyStore.path());
            try {
                KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(store, keyStore.password().toCharArray());
                builder = SslContextBuilder.forServer(keys);
            } catch (GeneralSecurityException e) {
                throw new TlsSetupException("Cannot use the key in " + keyStore.path() + ": " + e.getMessage(), e);
            }
        }
        builder.sslProvider(provider).protocols(config.protocols());
        // none configured: forward-secret suites only, of which the provider keeps those it has
        builder.ciphers(
                config.cipherSuites().isEmpty() ? ForwardSecretSuites.DEFAULT : config.cipherSuites(),
                SupportedCipherSuiteFilter.INSTANCE);
        try {
            if (config.clientAuth() == ClientAuthMode.REQUIRE) {
                builder.clientAuth(ClientAuth.REQUIRE);
                trust(builder); // inside the try: Netty rejects a bad PEM with an IllegalArgumentException
            }
            io.netty.handler.ssl.SslContext context = builder.build();
            requireEveryCipherSuite(context);
            return new ServerTlsContext(context, provider, CertificateSummary.of(certificate));
        } catch (SSLException | RuntimeException e) {
            throw new TlsSetupException("Cannot set up TLS with " + config.watchedFiles() + ": " + e.getMessage(), e);
        }
    }

    /** Netty's filter drops suites the provider lacks without a word; a misspelt suite must stop the start instead. */
    private void requireEveryCipherSuite(io.netty.handler.ssl.SslContext context) {
        java.util.List<String> missing = config.cipherSuites().stream()
                .filter(suite -> !context.cipherSuites().contains(suite))
                .toList();
        if (!missing.isEmpty()) {
            throw new TlsSetupException(
                    "The " + provider + " TLS provider does not support the cipher suites " + missing
                            + " of sluice.security.ssl.cipher-suites; it supports " + context.cipherSuites(),
                    null);
        }
    }

    private void trust(SslContextBuilder builder) {
        Path pem = config.trustedCertificates();
        KeyStoreFile trustStore = config.trustStore();
        if (pem != null) {
            builder.trustManager(pem.toFile());
            return;
        }
        KeyStore store = load(requireNonNull(trustStore, "trustStore is null"));
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            builder.trustManager(trust);
        } catch (GeneralSecurityException e) {
            throw new TlsSetupException("Cannot use the truststore " + trustStore.path() + ": " + e.getMessage(), e);
        }
    }

    private static KeyStore load(KeyStoreFile file) {
        try (InputStream in = Files.newInputStream(file.path())) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, file.password().toCharArray());
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new TlsSetupException(
                    "Cannot read the PKCS#12 store " + file.path() + " (wrong password?): " + e.getMessage(), e);
        }
    }

    private static X509Certificate keyCertificate(KeyStore store, Path path) {
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias) && store.getCertificate(alias) instanceof X509Certificate certificate) {
                    return certificate;
                }
            }
        } catch (GeneralSecurityException e) {
            throw new TlsSetupException("Cannot read the keystore " + path + ": " + e.getMessage(), e);
        }
        throw new TlsSetupException("The keystore " + path + " holds no key with an X.509 certificate", null);
    }

    private static X509Certificate firstCertificate(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            List<? extends Certificate> chain =
                    List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in));
            if (chain.isEmpty() || !(chain.get(0) instanceof X509Certificate certificate)) {
                throw new TlsSetupException("The file " + file + " holds no PEM certificate", null);
            }
            return certificate;
        } catch (IOException | GeneralSecurityException e) {
            throw new TlsSetupException("Cannot read the certificate " + file + ": " + e.getMessage(), e);
        }
    }
}
