package dev.sluice.gateway.tls;

/** Whether clients must present a certificate (mutual TLS). */
public enum ClientAuthMode {
    /** Clients are not asked for a certificate. */
    NONE,
    /** Every client must present a certificate that the trust store or trusted certificates vouch for. */
    REQUIRE
}
