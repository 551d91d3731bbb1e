package dev.sluice.gateway.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;

import java.text.ParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Checks a JWT bearer token: its signature by one of the configured public keys (RS, PS or ES algorithms only, so
 * neither {@code none} nor a shared secret can pass), its issuer, its audience, and its expiry, which it must have.
 * The keys are read again when their file changes ({@link JwtKeyFile}).
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

    /**
     * @param nanoTime the clock that paces looking at the key file for changes
     * @throws IllegalArgumentException if the key file is neither a JWKS nor a PEM public key
     */
    JwtAuthenticator(JwtConfig config, LongSupplier nanoTime) {
        this.userClaim = config.userClaim();
        JwtKeyFile keys = new JwtKeyFile(config.keyFile(), config.refreshInterval(), nanoTime);
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
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
}
