package dev.sluice.gateway.tls;

import dev.sluice.gateway.config.Checks;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.sluice.gateway.tls.TlsOptions.CERTIFICATE;
import static dev.sluice.gateway.tls.TlsOptions.CIPHER_SUITES;
import static dev.sluice.gateway.tls.TlsOptions.CLIENT_AUTH;
import static dev.sluice.gateway.tls.TlsOptions.ENABLED;
import static dev.sluice.gateway.tls.TlsOptions.KEYSTORE;
import static dev.sluice.gateway.tls.TlsOptions.KEYSTORE_PASSWORD;
import static dev.sluice.gateway.tls.TlsOptions.PRIVATE_KEY;
import static dev.sluice.gateway.tls.TlsOptions.PRIVATE_KEY_PASSWORD;
import static dev.sluice.gateway.tls.TlsOptions.PROTOCOLS;
import static dev.sluice.gateway.tls.TlsOptions.PROVIDER;
import static dev.sluice.gateway.tls.TlsOptions.RELOAD_INTERVAL;
import static dev.sluice.gateway.tls.TlsOptions.TRUSTED_CERTIFICATES;
import static dev.sluice.gateway.tls.TlsOptions.TRUSTSTORE;
import static dev.sluice.gateway.tls.TlsOptions.TRUSTSTORE_PASSWORD;
import static java.util.Objects.requireNonNull;

/**
 * TLS on the gateway port, validated. When disabled, only {@code enabled} means anything.
 *
 * @param pemKeyPair the server's key as PEM files; exactly one of this and {@code keyStore} when enabled
 * @param keyStore the server's key in a PKCS#12 store
 * @param trustedCertificates PEM CA certificates for client certificates; at most one of this and {@code trustStore}
 * @param trustStore PKCS#12 CA certificates for client certificates
 * @param reloadInterval how often the files are checked for changes; zero for never
 */
public record TlsConfig(
        boolean enabled,
        TlsProviderChoice provider,
        List<String> protocols,
        List<String> cipherSuites,
        @Nullable PemKeyPair pemKeyPair,
        @Nullable KeyStoreFile keyStore,
        ClientAuthMode clientAuth,
        @Nullable Path trustedCertificates,
        @Nullable KeyStoreFile trustStore,
        Duration reloadInterval) {
    /** The TLS versions Sluice offers at most. */
    public static final List<String> SUPPORTED_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    public TlsConfig {
        requireNonNull(provider, "provider is null");
        requireNonNull(clientAuth, "clientAuth is null");
        requireNonNull(reloadInterval, "reloadInterval is null");
        protocols = List.copyOf(protocols);
        cipherSuites = List.copyOf(cipherSuites);
        Checks.check(
                !reloadInterval.isNegative(), "%s must not be negative, was %s", RELOAD_INTERVAL.key(), reloadInterval);
        if (enabled) {
            Checks.check(
                    !protocols.isEmpty() && SUPPORTED_PROTOCOLS.containsAll(protocols),
                    "%s must be a non-empty subset of %s, was %s",
                    PROTOCOLS.key(),
                    SUPPORTED_PROTOCOLS,
                    protocols);
            Checks.check(
                    (pemKeyPair == null) != (keyStore == null),
                    "With %s on, set either %s and %s, or %s",
                    ENABLED.key(),
                    CERTIFICATE.key(),
                    PRIVATE_KEY.key(),
                    KEYSTORE.key());
            Checks.check(
                    trustedCertificates == null || trustStore == null,
                    "Set at most one of %s and %s",
                    TRUSTED_CERTIFICATES.key(),
                    TRUSTSTORE.key());
            Checks.check(
                    clientAuth == ClientAuthMode.NONE || trustedCertificates != null || trustStore != null,
                    "%s is %s: set %s or %s to say which client certificates to trust",
                    CLIENT_AUTH.key(),
                    clientAuth,
                    TRUSTED_CERTIFICATES.key(),
                    TRUSTSTORE.key());
        }
    }

    /** TLS off. */
    public static TlsConfig disabled() {
        return new TlsConfig(
                false,
                TlsProviderChoice.AUTO,
                SUPPORTED_PROTOCOLS,
                List.of(),
                null,
                null,
                ClientAuthMode.NONE,
                null,
                null,
                RELOAD_INTERVAL.defaultValue());
    }

    /** The files whose change means the TLS context must be rebuilt. */
    public List<Path> watchedFiles() {
        List<Path> files = new ArrayList<>();
        if (pemKeyPair != null) {
            files.add(pemKeyPair.certificateChain());
            files.add(pemKeyPair.privateKey());
        }
        if (keyStore != null) {
            files.add(keyStore.path());
        }
        if (trustedCertificates != null) {
            files.add(trustedCertificates);
        }
        if (trustStore != null) {
            files.add(trustStore.path());
        }
        return List.copyOf(files);
    }

    /**
     * Reads and validates the TLS options; with TLS on, every named file must be readable.
     *
     * @throws IllegalArgumentException naming the key, the value and what is allowed
     */
    public static TlsConfig from(ReadableConfig config) {
        boolean enabled = config.get(ENABLED);
        Path certificate = path(config, CERTIFICATE, enabled);
        Path privateKey = path(config, PRIVATE_KEY, enabled);
        Checks.check(
                (certificate == null) == (privateKey == null),
                "%s and %s go together; only one is set",
                CERTIFICATE.key(),
                PRIVATE_KEY.key());
        PemKeyPair pem = certificate == null || privateKey == null
                ? null
                : new PemKeyPair(certificate, privateKey, text(config, PRIVATE_KEY_PASSWORD));
        KeyStoreFile keyStore = store(config, KEYSTORE, KEYSTORE_PASSWORD, enabled);
        KeyStoreFile trustStore = store(config, TRUSTSTORE, TRUSTSTORE_PASSWORD, enabled);
        List<String> cipherSuites = config.getOptional(CIPHER_SUITES).orElse(List.of()).stream()
                .map(String::trim)
                .filter(suite -> !suite.isEmpty())
                .toList();
        return new TlsConfig(
                enabled,
                config.get(PROVIDER),
                config.get(PROTOCOLS).stream().map(String::trim).toList(),
                cipherSuites,
                pem,
                keyStore,
                config.get(CLIENT_AUTH),
                path(config, TRUSTED_CERTIFICATES, enabled),
                trustStore,
                config.get(RELOAD_INTERVAL));
    }

    private static @Nullable KeyStoreFile store(
            ReadableConfig config,
            ConfigOption<String> pathOption,
            ConfigOption<String> passwordOption,
            boolean enabled) {
        Path path = path(config, pathOption, enabled);
        if (path == null) {
            return null;
        }
        String password = text(config, passwordOption);
        Checks.check(password != null, "%s is set, so %s must be set too", pathOption.key(), passwordOption.key());
        return new KeyStoreFile(path, requireNonNull(password));
    }

    /** A file option: blank means unset (conf/sluice.yaml lists every key, some with ""). */
    private static @Nullable Path path(ReadableConfig config, ConfigOption<String> option, boolean mustBeReadable) {
        String value = text(config, option);
        if (value == null) {
            return null;
        }
        Path path = Path.of(value);
        Checks.check(
                !mustBeReadable || Files.isReadable(path), "%s must name a readable file, was %s", option.key(), value);
        return path;
    }

    private static @Nullable String text(ReadableConfig config, ConfigOption<String> option) {
        Optional<String> value = config.getOptional(option).map(String::trim);
        return value.filter(text -> !text.isEmpty()).orElse(null);
    }
}
