package dev.sluice.gateway.tls;

import java.util.List;

/**
 * The cipher suites the gateway offers when its configuration names none: those with forward secrecy and
 * authenticated encryption only, so a recorded session stays secret when the server's key leaks later. Providers'
 * defaults also offer RSA key exchange and CBC suites (such as {@code AES128-SHA}) for old clients; every JDK since 8
 * and every OpenSSL since 1.0.2 has these.
 */
final class ForwardSecretSuites {
    static final List<String> DEFAULT = List.of(
            "TLS_AES_128_GCM_SHA256",
            "TLS_AES_256_GCM_SHA384",
            "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

    private ForwardSecretSuites() {}
}
