package dev.sluice.gateway.security;

import java.nio.file.Path;
import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * How JWT bearer tokens are checked.
 *
 * @param keyFile a JWKS file or a PEM public key with the keys that sign tokens
 * @param issuer the {@code iss} every token must carry
 * @param audience an {@code aud} value every token must carry
 * @param userClaim the claim that names the user
 * @param refreshInterval how often the key file is looked at for changes
 */
public record JwtConfig(Path keyFile, String issuer, String audience, String userClaim, Duration refreshInterval) {
    public JwtConfig {
        requireNonNull(keyFile, "keyFile is null");
        requireNonNull(issuer, "issuer is null");
        requireNonNull(audience, "audience is null");
        requireNonNull(userClaim, "userClaim is null");
        requireNonNull(refreshInterval, "refreshInterval is null");
        if (refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalArgumentException(
                    AuthenticationOptions.JWT_REFRESH_INTERVAL.key() + " must be positive, was " + refreshInterval);
        }
    }
}
