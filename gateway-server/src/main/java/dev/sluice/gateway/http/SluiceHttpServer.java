package dev.sluice.gateway.http;

import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.config.ServerConfig;
import dev.sluice.gateway.netty.AcceptedConnections;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.session.SessionControl;
import dev.sluice.gateway.tls.ServerTls;
import dev.sluice.gateway.tls.TlsConfig;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/** The gateway's HTTP/1.1 endpoint: owns the event loops, the RPC executor and the listening socket. */
public final class SluiceHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SluiceHttpServer.class);

    private final EventLoopGroup bossGroup;
    private final EventLoopGroup workerGroup;
    private final ThreadPoolExecutor rpcExecutor;
    private final Channel serverChannel;
    private final AcceptedConnections connections;
    private final @Nullable ServerTls tls;

    private SluiceHttpServer(
            EventLoopGroup bossGroup,
            EventLoopGroup workerGroup,
            ThreadPoolExecutor rpcExecutor,
            Channel channel,
            AcceptedConnections connections,
            @Nullable ServerTls tls) {
        this.bossGroup = bossGroup;
        this.workerGroup = workerGroup;
        this.rpcExecutor = rpcExecutor;
        this.serverChannel = channel;
        this.connections = connections;
        this.tls = tls;
    }

    /**
     * Binds {@code config.host():config.port()} and starts serving {@code avatica}, with TLS if {@code tlsConfig} is
     * enabled.
     *
     * @param authenticator establishes the user of each Avatica request
     * @param operations what {@code GET /health}, {@code /ready} and {@code /metrics} answer
     * @param control answers Sluice's {@code POST /sluice/cancel}, {@code /sluice/limits} and {@code /sluice/ping}
     * @param stats counts connections and requests
     * @throws IllegalStateException if OPENSSL is configured and not available
     * @throws dev.sluice.gateway.tls.TlsSetupException if the TLS files cannot be used
     * @throws IOException if the address cannot be bound (in use, not an address of this host); nothing is left running
     */
    public static SluiceHttpServer start(
            ServerConfig config,
            TlsConfig tlsConfig,
            AvaticaRequestHandler avatica,
            GatewayAuthenticator authenticator,
            SessionControl control,
            OperationsEndpoints operations,
            ConnectionStats stats)
            throws InterruptedException, IOException {
        requireNonNull(config, "config is null");
        requireNonNull(tlsConfig, "tlsConfig is null");
        requireNonNull(avatica, "avatica is null");
        requireNonNull(authenticator, "authenticator is null");
        ServerTls tls = tlsConfig.enabled() ? ServerTls.start(tlsConfig) : null;
        BlockingQueue<Runnable> queue =
                config.rpcQueueSize() == 0 ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(config.rpcQueueSize());
        ThreadPoolExecutor rpcExecutor = new ThreadPoolExecutor(
                config.rpcThreads(),
                config.rpcThreads(),
                60,
                TimeUnit.SECONDS,
                queue,
                new DefaultThreadFactory("sluice-rpc", true),
                new ThreadPoolExecutor.AbortPolicy());
        rpcExecutor.allowCoreThreadTimeOut(true);
        EventLoopGroup bossGroup = new MultiThreadIoEventLoopGroup(
                1, new DefaultThreadFactory("sluice-accept"), NioIoHandler.newFactory());
        EventLoopGroup workerGroup =
                new MultiThreadIoEventLoopGroup(0, new DefaultThreadFactory("sluice-io"), NioIoHandler.newFactory());
        AcceptedConnections connections = new AcceptedConnections("sluice-http-connections");
        try {
            Channel channel = new ServerBootstrap()
                    .group(bossGroup, workerGroup)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .handler(connections)
                    // request/response over keep-alive: with Nagle on, every round trip waits ~40 ms for a delayed ACK
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.SO_KEEPALIVE, true)
                    .childHandler(new SluiceChannelInitializer(
                            config, tls, avatica, authenticator, control, rpcExecutor, operations, stats))
                    .bind(config.host(), config.port())
                    .sync()
                    .channel();
            return new SluiceHttpServer(bossGroup, workerGroup, rpcExecutor, channel, connections, tls);
        } catch (Exception e) { // Netty rethrows the bind's IOException unchecked
            shutdown(bossGroup, workerGroup, rpcExecutor);
            if (tls != null) {
                tls.close();
            }
            if (e instanceof InterruptedException || e instanceof RuntimeException) {
                throw e;
            }
            if (e instanceof IOException bind) {
                throw bind;
            }
            throw new IOException(e);
        }
    }

    /** TLS of the port, or empty when it serves plaintext. */
    public Optional<ServerTls> tls() {
        return Optional.ofNullable(tls);
    }

    public InetSocketAddress localAddress() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /**
     * Stops accepting, closes every connection and waits briefly for RPCs in flight. Returns once the port is free
     * and every connection it accepted is closed, so a client sees each of them end and a gateway started next on the
     * same port gets its new connections.
     */
    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly();
        rpcExecutor.shutdown();
        // the listening socket is released when its loop's selector closes, not when the close above completes
        terminate(bossGroup);
        connections.close();
        terminate(workerGroup);
        int leftOpen = connections.closeLeftovers();
        if (leftOpen > 0) {
            LOG.warn("{} connection(s) were still open after the I/O threads stopped; closed them", leftOpen);
        }
        awaitRpcs(rpcExecutor);
        if (tls != null) {
            tls.close();
        }
        LOG.info("HTTP endpoint closed");
    }

    private static void shutdown(EventLoopGroup boss, EventLoopGroup workers, ThreadPoolExecutor rpcExecutor) {
        rpcExecutor.shutdown();
        terminate(boss);
        terminate(workers);
        awaitRpcs(rpcExecutor);
    }

    private static void terminate(EventLoopGroup group) {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private static void awaitRpcs(ThreadPoolExecutor rpcExecutor) {
        try {
            if (!rpcExecutor.awaitTermination(5, TimeUnit.SECONDS)) {
                rpcExecutor.shutdownNow();
            }
        } catch (InterruptedException e) {
            rpcExecutor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
