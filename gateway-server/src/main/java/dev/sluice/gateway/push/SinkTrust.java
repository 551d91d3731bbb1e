package dev.sluice.gateway.push;

import dev.sluice.gateway.tls.KeyStoreFile;
import dev.sluice.gateway.tls.PemKeyPair;
import dev.sluice.gateway.tls.TlsConfig;
import dev.sluice.gateway.tls.TlsSetupException;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.Collections;

import static java.util.Objects.requireNonNull;

/**
 * The certificates a push sink trusts for the endpoint: the gateway's own certificate chain, as PEM text that goes
 * into each query's sink options. Read again when the file changes, so that sinks follow the gateway's certificate
 * rotation ({@code sluice.security.ssl.reload-interval}). Thread-safe.
 */
public final class SinkTrust {
    private final Path file;
    private final @Nullable String keyStorePassword;
    private @Nullable FileTime readAt;
    private String pem = "";

    private SinkTrust(Path file, @Nullable String keyStorePassword) {
        this.file = file;
        this.keyStorePassword = keyStorePassword;
        current(); // fail at start, not at the first query
    }

    /** The trust for the gateway's TLS, or null when TLS is off. */
    public static @Nullable SinkTrust from(TlsConfig config) {
        requireNonNull(config, "config is null");
        if (!config.enabled()) {
            return null;
        }
        PemKeyPair pemKeyPair = config.pemKeyPair();
        if (pemKeyPair != null) {
            return new SinkTrust(pemKeyPair.certificateChain(), null);
        }
        KeyStoreFile keyStore = requireNonNull(config.keyStore(), "TLS without a certificate or keystore");
        return new SinkTrust(keyStore.path(), keyStore.password());
    }

    /** The PEM text of the gateway's certificate chain as it is now on disk. */
    public synchronized String current() {
        try {
            FileTime modified = Files.getLastModifiedTime(file);
            if (!modified.equals(readAt)) {
                pem = keyStorePassword == null ? Files.readString(file, StandardCharsets.US_ASCII) : exportChain();
                readAt = modified;
            }
            return pem;
        } catch (IOException | GeneralSecurityException e) {
            throw new TlsSetupException(
                    "Cannot read the gateway's certificate chain from " + file + " for query" + " sinks: "
                            + e.getMessage(),
                    e);
        }
    }

    private String exportChain() throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, requireNonNull(keyStorePassword).toCharArray());
        }
        Base64.Encoder base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        StringBuilder text = new StringBuilder();
        for (String alias : Collections.list(store.aliases())) {
            Certificate[] chain = store.getCertificateChain(alias);
            if (store.isKeyEntry(alias) && chain != null) {
                for (Certificate certificate : chain) {
                    text.append("-----BEGIN CERTIFICATE-----\n")
                            .append(base64.encodeToString(certificate.getEncoded()))
                            .append("\n-----END CERTIFICATE-----\n");
                }
                return text.toString();
            }
        }
        throw new GeneralSecurityException("the keystore holds no key with a certificate chain");
    }
}
