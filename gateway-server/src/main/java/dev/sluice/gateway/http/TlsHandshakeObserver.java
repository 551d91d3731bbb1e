package dev.sluice.gateway.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static java.util.Objects.requireNonNull;

/** Counts TLS handshakes by outcome; a failure is the client's problem, so it is logged at DEBUG only. */
@ChannelHandler.Sharable
final class TlsHandshakeObserver extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(TlsHandshakeObserver.class);

    private final ConnectionStats stats;

    TlsHandshakeObserver(ConnectionStats stats) {
        this.stats = requireNonNull(stats, "stats is null");
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof SslHandshakeCompletionEvent completion) {
            stats.handshake(completion.isSuccess());
            if (!completion.isSuccess()) {
                LOG.debug(
                        "TLS handshake with {} failed: {}",
                        ctx.channel().remoteAddress(),
                        String.valueOf(completion.cause()));
            }
        }
        super.userEventTriggered(ctx, event);
    }
}
