package dev.sluice.gateway.config;

import java.nio.file.Path;

import static java.util.Objects.requireNonNull;

/**
 * How JWT bearer tokens are checked.
 *
 * @param keyFile a JWKS file or a PEM public key with the keys that sign tokens
 * @param issuer the {@code iss} every token must carry
 * @param audience an {@code aud} value every token must carry
 * @param userClaim the claim that names the user
 */
public record JwtConfig(Path keyFile, String issuer, String audience, String userClaim) {
    public JwtConfig {
        requireNonNull(keyFile, "keyFile is null");
        requireNonNull(issuer, "issuer is null");
        requireNonNull(audience, "audience is null");
        requireNonNull(userClaim, "userClaim is null");
    }
}
