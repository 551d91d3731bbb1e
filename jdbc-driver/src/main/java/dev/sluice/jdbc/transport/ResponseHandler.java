package dev.sluice.jdbc.transport;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.AttributeKey;
import org.jspecify.annotations.Nullable;

import java.util.concurrent.CompletableFuture;

/**
 * Completes the one request in flight on a pooled connection (HTTP/1.1 without pipelining). Every method runs on the
 * connection's event loop, so the fields need no locks.
 */
final class ResponseHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
    /**
     * Why the connection failed, kept on the channel itself: Netty empties the pipeline of a connection that closed,
     * so a request that finds the connection closed learns the reason here rather than from this handler.
     */
    private static final AttributeKey<Throwable> FAILURE = AttributeKey.valueOf(ResponseHandler.class, "failure");

    private @Nullable CompletableFuture<GatewayResponse> pending;
    private @Nullable Throwable failure;

    /**
     * Registers the future of the request about to be written; fails it at once, as unsent, if the connection
     * already failed.
     */
    void expect(CompletableFuture<GatewayResponse> response) {
        if (failure != null) {
            response.completeExceptionally(asUnsent(failure));
        } else {
            pending = response;
        }
    }

    /**
     * Fails {@code response}, a request that could not be written on {@code channel} because the connection closed
     * and its pipeline is gone: with the reason the connection failed, if it is known.
     */
    static void failUnsent(Channel channel, CompletableFuture<GatewayResponse> response) {
        Throwable known = channel.attr(FAILURE).get();
        response.completeExceptionally(
                known != null
                        ? asUnsent(known)
                        : new ConnectionClosedException(
                                "The connection to the gateway at " + channel.remoteAddress()
                                        + " closed before the request could be written",
                                true));
    }

    // a request that was never written may be sent again on another connection; any other failure is final
    private static Throwable asUnsent(Throwable failure) {
        return failure instanceof ConnectionClosedException
                ? new ConnectionClosedException(failure.getMessage(), true)
                : failure;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
        GatewayResponse copy = new GatewayResponse(
                response.status().code(),
                response.headers().get(HttpHeaderNames.CONTENT_TYPE),
                ByteBufUtil.getBytes(response.content()),
                HttpUtil.isKeepAlive(response));
        CompletableFuture<GatewayResponse> waiting = pending;
        pending = null;
        if (waiting != null) {
            waiting.complete(copy);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof SslHandshakeCompletionEvent completion && !completion.isSuccess()) {
            // the handshake's own cause says more than the close that follows it
            fail(ctx, completion.cause());
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ctx, cause);
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        fail(
                ctx,
                new ConnectionClosedException(
                        "The gateway at " + ctx.channel().remoteAddress() + " closed the connection before answering"
                                + (pending == null
                                        ? ""
                                        : "; the request had been sent and may have run, so it was not sent again"),
                        false));
        super.channelInactive(ctx);
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
        if (failure == null) {
            failure = cause;
            ctx.channel().attr(FAILURE).setIfAbsent(cause);
        }
        CompletableFuture<GatewayResponse> waiting = pending;
        pending = null;
        if (waiting != null) {
            waiting.completeExceptionally(failure);
        }
    }
}
