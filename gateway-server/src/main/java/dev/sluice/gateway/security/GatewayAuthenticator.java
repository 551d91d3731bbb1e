package dev.sluice.gateway.security;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Establishes the user of each request with the configured methods. Runs on the RPC executor, never on an event loop:
 * a bcrypt check takes milliseconds.
 *
 * <p>A request with an {@code Authorization: Basic} header is judged by its password, and one with
 * {@code Authorization: Bearer} by its token, and only by them, so that wrong credentials are never rescued by a
 * certificate; without such a header, by its client certificate. With no method
 * configured every request is {@link GatewayUser#ANONYMOUS}.
 */
public final class GatewayAuthenticator {
    /** The {@code WWW-Authenticate} challenge of a refusal, which makes Avatica's client send its credentials. */
    public static final String CHALLENGE = "Basic realm=\"Sluice\", charset=\"UTF-8\"";

    private final AuthenticationConfig config;
    private final @Nullable PasswordAuthenticator passwords;
    private final @Nullable JwtAuthenticator tokens;
    private final CertificateAuthenticator certificates;
    private final AuthenticationFailures failures = new AuthenticationFailures();

    /**
     * @param nanoTime the clock that paces reloading the password file and the JWT key file
     * @throws IllegalArgumentException if the password file cannot be read or has a malformed line
     */
    public GatewayAuthenticator(AuthenticationConfig config, LongSupplier nanoTime) {
        this.config = requireNonNull(config, "config is null");
        this.passwords = config.methods().contains(AuthenticationMethod.PASSWORD)
                ? new PasswordAuthenticator(new PasswordFile(
                        requireNonNull(config.passwordFile(), "passwordFile"),
                        config.passwordRefreshInterval(),
                        nanoTime))
                : null;
        this.tokens = config.jwt() == null ? null : new JwtAuthenticator(config.jwt(), nanoTime);
        this.certificates = new CertificateAuthenticator(config.certificateUserAttribute());
    }

    /** An authenticator that authenticates nobody: every request is {@link GatewayUser#ANONYMOUS}. */
    public static GatewayAuthenticator none() {
        return new GatewayAuthenticator(
                new AuthenticationConfig(List.of(), null, Duration.ofSeconds(5), null, false, null), System::nanoTime);
    }

    /** Whether requests are authenticated; when not, every request is {@link GatewayUser#ANONYMOUS}. */
    public boolean enabled() {
        return config.enabled();
    }

    /**
     * The user of a request.
     *
     * @throws AuthenticationException if the credentials are missing or wrong; counted in {@link #failures()}
     */
    public GatewayUser authenticate(RequestCredentials credentials) {
        requireNonNull(credentials, "credentials is null");
        if (!config.enabled()) {
            return GatewayUser.ANONYMOUS;
        }
        try {
            return authenticateWithMethods(credentials);
        } catch (AuthenticationException e) {
            failures.record(e.method());
            throw e;
        }
    }

    private GatewayUser authenticateWithMethods(RequestCredentials credentials) {
        String authorization = credentials.authorization();
        if (authorization != null && passwords != null && startsWithScheme(authorization, "Basic")) {
            return passwords.authenticate(authorization.substring("Basic".length()));
        }
        if (authorization != null && tokens != null && startsWithScheme(authorization, "Bearer")) {
            return tokens.authenticate(authorization.substring("Bearer".length()));
        }
        if (credentials.clientCertificate() != null && config.methods().contains(AuthenticationMethod.CERTIFICATE)) {
            return certificates.authenticate(credentials.clientCertificate());
        }
        throw new AuthenticationException(
                "none",
                "the request carries no credentials the gateway accepts; it accepts "
                        + config.methods().toString().toLowerCase(Locale.ROOT)
                        + " (Avatica: authentication=BASIC;avatica_user=...;avatica_password=..., or the Sluice"
                        + " driver's user and password)");
    }

    private static boolean startsWithScheme(String header, String scheme) {
        return header.regionMatches(true, 0, scheme + " ", 0, scheme.length() + 1);
    }

    /** The refused requests so far, by method. */
    public AuthenticationFailures failures() {
        return failures;
    }
}
