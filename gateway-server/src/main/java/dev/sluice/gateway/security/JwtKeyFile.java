package dev.sluice.gateway.security;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.text.ParseException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * The public keys that sign bearer tokens, from a JWKS file or a PEM public key (RSA or EC).
 *
 * <p>The file is read again when its content changed, looked at no more often than the refresh interval, so that a
 * key can be rotated (the new key added, then the old one removed) without a restart, as the TLS certificate can. A
 * file that no longer parses or cannot be read keeps the keys read before, with a warning, rather than refusing every
 * token.
 */
final class JwtKeyFile implements JWKSource<SecurityContext> {
    private static final Logger LOG = LoggerFactory.getLogger(JwtKeyFile.class);

    private final Path path;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    private volatile Snapshot snapshot;

    /** @throws IllegalArgumentException if the file cannot be read or is neither a JWKS nor a PEM public key */
    JwtKeyFile(Path path, Duration refreshInterval, LongSupplier nanoTime) {
        this.path = requireNonNull(path, "path is null");
        this.refreshNanos =
                requireNonNull(refreshInterval, "refreshInterval is null").toNanos();
        this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
        byte[] content;
        try {
            content = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "Cannot read " + AuthenticationOptions.JWT_KEY_FILE.key() + " " + path + ": " + e, e);
        }
        this.snapshot = new Snapshot(parse(path, content), content, nanoTime.getAsLong());
    }

    @Override
    public List<JWK> get(JWKSelector selector, @Nullable SecurityContext context) {
        return selector.select(current());
    }

    private JWKSet current() {
        Snapshot seen = snapshot;
        long now = nanoTime.getAsLong();
        if (now - seen.checkedNanos < refreshNanos) {
            return seen.keys;
        }
        synchronized (this) {
            if (snapshot != seen) {
                return snapshot.keys;
            }
            try {
                byte[] content = Files.readAllBytes(path);
                if (Arrays.equals(content, seen.content)) {
                    snapshot = new Snapshot(seen.keys, seen.content, now);
                } else {
                    snapshot = new Snapshot(parse(path, content), content, now);
                    LOG.info("JWT key file {} reloaded: {} keys", path, snapshot.keys.size());
                }
            } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
                LOG.warn("JWT key file {} could not be reloaded; keeping its previous keys: {}", path, e.getMessage());
                snapshot = new Snapshot(seen.keys, seen.content, now);
            }
            return snapshot.keys;
        }
    }

    private static JWKSet parse(Path path, byte[] content) {
        String text = new String(content, StandardCharsets.UTF_8);
        try {
            return text.strip().startsWith("{") ? JWKSet.parse(text) : new JWKSet(pemPublicKey(text));
        } catch (ParseException | GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    AuthenticationOptions.JWT_KEY_FILE.key() + " " + path
                            + " must be a JWKS file or a PEM public key (RSA or EC): " + e.getMessage(),
                    e);
        }
    }

    private static JWK pemPublicKey(String pem) throws GeneralSecurityException {
        String base64 = pem.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
        X509EncodedKeySpec spec = new X509EncodedKeySpec(Base64.getDecoder().decode(base64));
        PublicKey key;
        try {
            key = KeyFactory.getInstance("RSA").generatePublic(spec);
        } catch (GeneralSecurityException notRsa) {
            key = KeyFactory.getInstance("EC").generatePublic(spec);
        }
        if (key instanceof RSAPublicKey rsa) {
            return new RSAKey.Builder(rsa).build();
        }
        ECPublicKey ec = (ECPublicKey) key;
        return new ECKey.Builder(Curve.forECParameterSpec(ec.getParams()), ec).build();
    }

    // content is compared, not the modification time: a key rewritten within the time's granularity has the same size
    private record Snapshot(JWKSet keys, byte[] content, long checkedNanos) {}
}
