package dev.sluice.jdbc.transport;

/** Which TLS engine the driver uses. */
public enum ProviderChoice {
    /** OpenSSL when its native library loads, else the JDK. */
    AUTO,
    /** OpenSSL (BoringSSL through netty-tcnative); connecting fails if it cannot load. */
    OPENSSL,
    /** The JDK's {@code SSLEngine}. */
    JDK
}
