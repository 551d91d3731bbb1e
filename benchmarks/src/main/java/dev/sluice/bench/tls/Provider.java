package dev.sluice.bench.tls;

/** The transport on both ends: no TLS, or TLS through one engine on the gateway and the driver alike. */
enum Provider {
    PLAINTEXT,
    JDK,
    OPENSSL
}
