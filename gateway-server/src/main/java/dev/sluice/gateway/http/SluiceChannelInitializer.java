package dev.sluice.gateway.http;

import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.config.ServerConfig;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/** The pipeline of one gateway connection; one handler per concern. */
final class SluiceChannelInitializer extends ChannelInitializer<SocketChannel> {
    private final ServerConfig config;
    private final AvaticaRequestHandler avatica;
    private final Executor rpcExecutor;
    private final Supplier<byte[]> metrics;

    SluiceChannelInitializer(
            ServerConfig config, AvaticaRequestHandler avatica, Executor rpcExecutor, Supplier<byte[]> metrics) {
        this.config = requireNonNull(config, "config is null");
        this.avatica = requireNonNull(avatica, "avatica is null");
        this.rpcExecutor = requireNonNull(rpcExecutor, "rpcExecutor is null");
        this.metrics = requireNonNull(metrics, "metrics is null");
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        channel.pipeline()
                .addLast("idle", new IdleStateHandler(0, 0, config.idleTimeout().toMillis(), TimeUnit.MILLISECONDS))
                .addLast("close-idle", new CloseIdleConnectionHandler())
                .addLast("http", new HttpServerCodec())
                .addLast("aggregate", new HttpObjectAggregator(config.maxRequestBytes()))
                .addLast("avatica", new AvaticaHttpHandler(avatica, rpcExecutor, metrics));
    }

    /** Closes a keep-alive connection that carried nothing for the idle timeout. */
    private static final class CloseIdleConnectionHandler extends ChannelDuplexHandler {
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof IdleStateEvent) {
                ctx.close();
            } else {
                super.userEventTriggered(ctx, event);
            }
        }
    }
}
