package dev.sluice.gateway.http;

import dev.sluice.gateway.config.ServerOptions;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * The last handler of a connection beyond the limit: its request is answered 503 with the reason and the connection
 * is closed, so the client reads why instead of seeing a reset.
 */
final class TooManyConnectionsHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final String reason;

    private TooManyConnectionsHandler(String reason) {
        this.reason = reason;
    }

    /** For a connection beyond the gateway's {@code max-connections}. */
    static TooManyConnectionsHandler gatewayFull(int maxConnections) {
        return new TooManyConnectionsHandler("The gateway has " + maxConnections + " connections open, its "
                + ServerOptions.MAX_CONNECTIONS.key() + "; retry later");
    }

    /** For a connection beyond {@code max-connections-per-address} of its client's address. */
    static TooManyConnectionsHandler addressFull(int maxConnectionsPerAddress) {
        return new TooManyConnectionsHandler("Your address has " + maxConnectionsPerAddress + " connections open to"
                + " the gateway, its " + ServerOptions.MAX_CONNECTIONS_PER_ADDRESS.key() + "; retry later");
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        HttpResponses.write(ctx, HttpResponses.text(HttpResponseStatus.SERVICE_UNAVAILABLE, reason), false);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
