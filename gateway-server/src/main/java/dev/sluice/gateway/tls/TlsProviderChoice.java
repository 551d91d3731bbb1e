package dev.sluice.gateway.tls;

/** Which TLS engine the gateway port uses. */
public enum TlsProviderChoice {
    /** OpenSSL (BoringSSL through netty-tcnative) when its native library loads, else the JDK's with a warning. */
    AUTO,
    /** OpenSSL (BoringSSL through netty-tcnative); the gateway does not start if the native library cannot load. */
    OPENSSL,
    /** The JDK's {@code SSLEngine}. */
    JDK
}
