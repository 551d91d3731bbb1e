package dev.sluice.gateway.http;

import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.config.ServerConfig;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.session.SessionControl;
import dev.sluice.gateway.tls.ServerTls;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import org.jspecify.annotations.Nullable;

import java.net.InetAddress;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/** The pipeline of one gateway connection; one handler per concern. */
final class SluiceChannelInitializer extends ChannelInitializer<SocketChannel> {
    private final ServerConfig config;
    private final @Nullable ServerTls tls;
    private final AvaticaRequestHandler avatica;
    private final GatewayAuthenticator authenticator;
    private final SessionControl control;
    private final Executor rpcExecutor;
    private final OperationsEndpoints operations;
    private final ConnectionStats stats;
    private final TlsHandshakeObserver handshakeObserver;

    SluiceChannelInitializer(
            ServerConfig config,
            @Nullable ServerTls tls,
            AvaticaRequestHandler avatica,
            GatewayAuthenticator authenticator,
            SessionControl control,
            Executor rpcExecutor,
            OperationsEndpoints operations,
            ConnectionStats stats) {
        this.config = requireNonNull(config, "config is null");
        this.tls = tls;
        this.avatica = requireNonNull(avatica, "avatica is null");
        this.authenticator = requireNonNull(authenticator, "authenticator is null");
        this.control = requireNonNull(control, "control is null");
        this.rpcExecutor = requireNonNull(rpcExecutor, "rpcExecutor is null");
        this.operations = requireNonNull(operations, "operations is null");
        this.stats = requireNonNull(stats, "stats is null");
        this.handshakeObserver = new TlsHandshakeObserver(stats);
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        TooManyConnectionsHandler overLimit = null;
        if (stats.opened() > config.maxConnections()) {
            overLimit = TooManyConnectionsHandler.gatewayFull(config.maxConnections());
        }
        channel.closeFuture().addListener(future -> stats.closed());
        InetAddress address =
                channel.remoteAddress() == null ? null : channel.remoteAddress().getAddress();
        if (address != null) {
            if (stats.openedFrom(address) > config.maxConnectionsPerAddress() && overLimit == null) {
                overLimit = TooManyConnectionsHandler.addressFull(config.maxConnectionsPerAddress());
            }
            channel.closeFuture().addListener(future -> stats.closedFrom(address));
        }
        ChannelPipeline pipeline = channel.pipeline();
        if (tls != null) {
            pipeline.addLast("tls-required", new TlsRequiredHandler(tls, stats))
                    .addLast("tls-handshakes", handshakeObserver);
        }
        RequestReadDeadline readDeadline = new RequestReadDeadline(config.requestTimeout());
        pipeline.addLast("first-request", new FirstRequestDeadline(config.firstRequestTimeout(), stats))
                .addLast("idle", new IdleStateHandler(0, 0, config.idleTimeout().toMillis(), TimeUnit.MILLISECONDS))
                .addLast("read-deadline", readDeadline.bytesHandler())
                .addLast("http", new HttpServerCodec())
                .addLast("aggregate", new SizeLimitedAggregator(config.maxRequestBytes()))
                .addLast("request-read", readDeadline.requestsHandler())
                // after the codec and aggregator: it sees whole requests and responses, so it knows one is open
                .addLast("close-idle", new CloseIdleConnectionHandler())
                .addLast("in-order", new InOrderResponsesHandler());
        if (overLimit != null) {
            // the connection still gets its TLS and HTTP handlers, so the client can read the 503
            stats.refused();
            pipeline.addLast("too-many-connections", overLimit);
        } else {
            pipeline.addLast("operations", new OperationsHandler(operations, rpcExecutor, stats))
                    .addLast("web-pages", new WebPagesHandler(operations.pages(), authenticator, rpcExecutor, stats))
                    .addLast("avatica", new AvaticaHttpHandler(avatica, authenticator, control, rpcExecutor, stats));
        }
    }
}
