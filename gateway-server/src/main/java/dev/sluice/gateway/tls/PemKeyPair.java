package dev.sluice.gateway.tls;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;

import static java.util.Objects.requireNonNull;

/**
 * A certificate chain and its private key in PEM files.
 *
 * @param certificateChain the server's certificate first, then the intermediates
 * @param privateKey a PKCS#8 key ({@code BEGIN PRIVATE KEY} or {@code BEGIN ENCRYPTED PRIVATE KEY})
 * @param keyPassword the password of an encrypted key, null for a plain one; redacted by {@link #toString()}
 */
public record PemKeyPair(
        Path certificateChain, Path privateKey, @Nullable String keyPassword) {
    public PemKeyPair {
        requireNonNull(certificateChain, "certificateChain is null");
        requireNonNull(privateKey, "privateKey is null");
    }

    @Override
    public String toString() {
        return "PemKeyPair[certificateChain=" + certificateChain + ", privateKey=" + privateKey + "]";
    }
}
