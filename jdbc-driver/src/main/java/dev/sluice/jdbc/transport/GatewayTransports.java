package dev.sluice.jdbc.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * The JVM's connection pools, one per gateway address and transport settings, on one set of daemon event loops. A
 * JDBC connection is cheap: it borrows pooled connections per request instead of owning a socket.
 */
final class GatewayTransports {
    private static final GatewayTransports SHARED = new GatewayTransports();

    /** Which pool a request goes through. */
    private record PoolKey(String host, int port, TransportConfig config) {}

    private final Map<PoolKey, GatewayConnectionPool> pools = new ConcurrentHashMap<>();
    private final Map<TransportConfig, SslContext> tlsContexts = new ConcurrentHashMap<>();
    private volatile EventLoopGroup group;

    private GatewayTransports() {}

    static GatewayTransports shared() {
        return SHARED;
    }

    /**
     * The pool for {@code host:port} with {@code config}, created on first use.
     *
     * @throws TransportSetupException if the TLS settings cannot be used
     */
    GatewayConnectionPool pool(String host, int port, TransportConfig config) {
        requireNonNull(host, "host is null");
        requireNonNull(config, "config is null");
        return pools.computeIfAbsent(new PoolKey(host, port, config), key -> {
            SslContext tls = config.tls() ? tlsContexts.computeIfAbsent(config, ClientTlsContexts::build) : null;
            return new GatewayConnectionPool(group(), host, port, config, tls);
        });
    }

    private EventLoopGroup group() {
        EventLoopGroup current = group;
        if (current == null) {
            synchronized (this) {
                current = group;
                if (current == null) {
                    // daemon threads: an application that forgets to close its connections can still exit
                    current = new MultiThreadIoEventLoopGroup(
                            Math.min(4, Runtime.getRuntime().availableProcessors()),
                            new DefaultThreadFactory("sluice-jdbc-io", true),
                            NioIoHandler.newFactory());
                    group = current;
                }
            }
        }
        return current;
    }
}
