package dev.sluice.gateway.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.sluice.gateway.config.AuthenticationOptions;
import dev.sluice.gateway.config.JwtConfig;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.text.ParseException;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a JWT bearer token: its signature by one of the configured public keys (RS, PS or ES algorithms only, so
 * neither {@code none} nor a shared secret can pass), its issuer, its audience, and its expiry, which it must have.
 */
final class JwtAuthenticator {
    private static final String METHOD = "jwt";
    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(
            JWSAlgorithm.RS256,
            JWSAlgorithm.RS384,
            JWSAlgorithm.RS512,
            JWSAlgorithm.PS256,
            JWSAlgorithm.PS384,
            JWSAlgorithm.PS512,
            JWSAlgorithm.ES256,
            JWSAlgorithm.ES384,
            JWSAlgorithm.ES512);

    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    private final String userClaim;

    /** @throws IllegalArgumentException if the key file is neither a JWKS nor a PEM public key */
    JwtAuthenticator(JwtConfig config) {
        this.userClaim = config.userClaim();
        JWKSet keys = readKeys(config);
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, new ImmutableJWKSet<>(keys)));
        processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(
                config.audience(),
                new JWTClaimsSet.Builder().issuer(config.issuer()).build(),
                new HashSet<>(List.of("exp", config.userClaim()))));
    }

    GatewayUser authenticate(String token) {
        JWTClaimsSet claims;
        try {
            claims = processor.process(token.strip(), null);
        } catch (ParseException e) {
            throw new AuthenticationException(METHOD, "the bearer token is not a JWT");
        } catch (BadJOSEException | JOSEException e) {
            // the library's reason (expired, wrong audience, bad signature) names no user
            throw new AuthenticationException(METHOD, "the token was refused: " + e.getMessage());
        }
        Object user = claims.getClaim(userClaim);
        if (!(user instanceof String name) || name.isEmpty()) {
            throw new AuthenticationException(METHOD, "the token's " + userClaim + " claim is not a user name");
        }
        return new GatewayUser(name);
    }

    private static JWKSet readKeys(JwtConfig config) {
        String text;
        try {
            text = Files.readString(config.keyFile(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "Cannot read " + AuthenticationOptions.JWT_KEY_FILE.key() + " " + config.keyFile() + ": " + e, e);
        }
        try {
            return text.strip().startsWith("{") ? JWKSet.parse(text) : new JWKSet(pemPublicKey(text));
        } catch (ParseException | GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    AuthenticationOptions.JWT_KEY_FILE.key() + " " + config.keyFile()
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
}
