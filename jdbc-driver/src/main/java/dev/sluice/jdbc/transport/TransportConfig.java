package dev.sluice.jdbc.transport;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * How the driver reaches a gateway: TLS settings and pool limits. Connections with equal settings to the same
 * address share one pool.
 *
 * @param tls whether to speak TLS
 * @param provider the TLS engine
 * @param trustedCertificates PEM CA certificates; with {@code trustStore} null too, the JVM's default trust applies
 * @param trustStore a trust store instead of {@code trustedCertificates}
 * @param clientCertificate PEM client certificate chain for mutual TLS, with {@code clientKey}
 * @param clientKey PEM PKCS#8 key of the client certificate
 * @param clientKeyPassword password of an encrypted {@code clientKey}, or null
 * @param keyStore a key store with the client's key instead of the PEM files
 * @param hostnameVerification whether the gateway's certificate must name the host connected to
 * @param keepAlive whether a connection carries more than one request
 * @param poolMaxConnections connections to one address that requests share
 * @param poolIdleTimeout a pooled connection idle this long is closed
 * @param connectTimeout time to open a TCP connection
 * @param poolAcquireTimeout how long a request waits for a free shared connection before it opens one of its own
 * @param requestTimeout how long a request that the gateway answers at once (all but executes and fetches) waits for
 *     its answer, unless the connection's network timeout says otherwise
 */
public record TransportConfig(
        boolean tls,
        ProviderChoice provider,
        @Nullable Path trustedCertificates,
        @Nullable StoreFile trustStore,
        @Nullable Path clientCertificate,
        @Nullable Path clientKey,
        @Nullable String clientKeyPassword,
        @Nullable StoreFile keyStore,
        boolean hostnameVerification,
        boolean keepAlive,
        int poolMaxConnections,
        Duration poolIdleTimeout,
        Duration connectTimeout,
        Duration poolAcquireTimeout,
        Duration requestTimeout) {
    /**
     * Creates a configuration.
     *
     * @throws IllegalArgumentException if settings conflict or are out of range
     */
    public TransportConfig {
        requireNonNull(provider, "provider is null");
        requireNonNull(poolIdleTimeout, "poolIdleTimeout is null");
        requireNonNull(connectTimeout, "connectTimeout is null");
        requireNonNull(poolAcquireTimeout, "poolAcquireTimeout is null");
        requireNonNull(requestTimeout, "requestTimeout is null");
        check(
                !requestTimeout.isNegative() && !requestTimeout.isZero(),
                "request_timeout_ms must be positive, was " + requestTimeout.toMillis());
        check(
                !poolAcquireTimeout.isNegative() && !poolAcquireTimeout.isZero(),
                "pool_acquire_timeout_ms must be positive, was " + poolAcquireTimeout.toMillis());
        check(poolMaxConnections >= 1, "pool_max_connections must be at least 1, was " + poolMaxConnections);
        check(
                !poolIdleTimeout.isNegative() && !poolIdleTimeout.isZero(),
                "pool_idle_timeout_ms must be positive, was " + poolIdleTimeout.toMillis());
        check(
                !connectTimeout.isNegative()
                        && !connectTimeout.isZero()
                        && connectTimeout.toMillis() <= Integer.MAX_VALUE,
                "connect_timeout_ms must be positive and at most " + Integer.MAX_VALUE + ", was "
                        + connectTimeout.toMillis());
        check(trustedCertificates == null || trustStore == null, "Set at most one of ssl_ca and truststore");
        check((clientCertificate == null) == (clientKey == null), "ssl_cert and ssl_key go together; only one is set");
        check(clientCertificate == null || keyStore == null, "Set at most one of ssl_cert/ssl_key and keystore");
        check(
                tls
                        || (trustedCertificates == null
                                && trustStore == null
                                && clientCertificate == null
                                && keyStore == null),
                "TLS properties are set but ssl is false; add ssl=true");
    }

    /** Plaintext HTTP with the default pool limits. */
    public static TransportConfig plaintext() {
        return defaults(false);
    }

    /** The defaults, over TLS (provider AUTO, the JDK's trusted CAs, hostname verification) or plaintext. */
    public static TransportConfig defaults(boolean tls) {
        return new TransportConfig(
                tls,
                ProviderChoice.AUTO,
                null,
                null,
                null,
                null,
                null,
                null,
                true,
                true,
                64,
                Duration.ofSeconds(60),
                Duration.ofSeconds(10),
                Duration.ofMillis(50),
                Duration.ofSeconds(60));
    }

    /** This configuration with other pool limits. */
    public TransportConfig withPoolLimits(int maxConnections, Duration acquireTimeout) {
        return new TransportConfig(
                tls,
                provider,
                trustedCertificates,
                trustStore,
                clientCertificate,
                clientKey,
                clientKeyPassword,
                keyStore,
                hostnameVerification,
                keepAlive,
                maxConnections,
                poolIdleTimeout,
                connectTimeout,
                acquireTimeout,
                requestTimeout);
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    @Override
    public String toString() {
        return "TransportConfig[tls=" + tls + ", provider=" + provider + ", trustedCertificates=" + trustedCertificates
                + ", trustStore=" + trustStore + ", clientCertificate=" + clientCertificate + ", keyStore=" + keyStore
                + ", hostnameVerification=" + hostnameVerification + ", keepAlive=" + keepAlive
                + ", poolMaxConnections=" + poolMaxConnections
                + ", poolIdleTimeout=" + poolIdleTimeout + ", connectTimeout=" + connectTimeout + ", requestTimeout="
                + requestTimeout + "]";
    }
}
