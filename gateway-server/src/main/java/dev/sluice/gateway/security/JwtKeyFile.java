package dev.sluice.gateway.security;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import dev.sluice.gateway.config.ReloadingFile;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.text.ParseException;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * The public keys that sign bearer tokens, from a JWKS file or a PEM public key (RSA or EC).
 *
 * <p>The file is read again when its content changed ({@link ReloadingFile}), so that a key can be rotated (the new
 * key added, then the old one removed) without a restart, as the TLS certificate can; a file that no longer parses or
 * cannot be read keeps the keys read before, with a warning, rather than refusing every token.
 */
final class JwtKeyFile implements JWKSource<SecurityContext> {
    private final ReloadingFile<JWKSet> file;

    /** @throws IllegalArgumentException if the file cannot be read or is neither a JWKS nor a PEM public key */
    JwtKeyFile(Path path, Duration refreshInterval, LongSupplier nanoTime) {
        requireNonNull(path, "path is null");
        this.file = new ReloadingFile<>(
                AuthenticationOptions.JWT_KEY_FILE.key(),
                path,
                refreshInterval,
                nanoTime,
                content -> parse(path, content));
    }

    @Override
    public List<JWK> get(JWKSelector selector, @Nullable SecurityContext context) {
        return selector.select(file.current());
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
}
