package dev.sluice.gateway.security;

import org.jspecify.annotations.Nullable;

import java.security.cert.X509Certificate;

/**
 * What a request offers to prove its user.
 *
 * @param authorization the request's {@code Authorization} header, or null
 * @param clientCertificate the TLS client certificate of its connection, verified by the handshake, or null
 */
public record RequestCredentials(
        @Nullable String authorization, @Nullable X509Certificate clientCertificate) {
    /** A request without credentials. */
    public static final RequestCredentials NONE = new RequestCredentials(null, null);
}
