package dev.sluice.gateway.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.ScheduledFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * A deadline for reading one whole request, headers and body, counted from its first byte. The idle timer cannot do
 * this, because any byte resets it: a client that sends one header byte every few seconds would hold its connection
 * (and one of the gateway's connection slots) for ever.
 *
 * <p>One instance per connection, with two handlers: {@link #bytesHandler()} before the HTTP codec sees the first
 * byte of a request and starts the clock; {@link #requestsHandler()} after the aggregator sees the request complete
 * and stops it. Both run on the connection's event loop, so the state needs no lock.
 */
final class RequestReadDeadline {
    private static final Logger LOG = LoggerFactory.getLogger(RequestReadDeadline.class);

    private final long timeoutNanos;
    private @Nullable ScheduledFuture<?> deadline; // set while a request is being read

    RequestReadDeadline(Duration timeout) {
        this.timeoutNanos = requireNonNull(timeout, "timeout is null").toNanos();
    }

    /** Goes before the HTTP codec: starts the clock at the first byte of a request. */
    ChannelDuplexHandler bytesHandler() {
        return new ChannelDuplexHandler() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
                if (deadline == null && message instanceof ByteBuf bytes && bytes.isReadable()) {
                    deadline = ctx.executor().schedule(() -> expire(ctx), timeoutNanos, TimeUnit.NANOSECONDS);
                }
                // the codec and the aggregator run inside this call, so a request that is whole by now stops the clock
                super.channelRead(ctx, message);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) throws Exception {
                stop();
                super.channelInactive(ctx);
            }
        };
    }

    /** Goes after the aggregator: a whole request has been read. */
    ChannelInboundHandlerAdapter requestsHandler() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
                if (message instanceof FullHttpRequest) {
                    stop();
                }
                super.channelRead(ctx, message);
            }
        };
    }

    private void stop() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    private void expire(ChannelHandlerContext ctx) {
        deadline = null;
        LOG.debug(
                "Connection {} did not send a whole request in time; closing it",
                ctx.channel().remoteAddress());
        // through the whole pipeline, so that the HTTP encoder (after this handler) encodes the response
        ctx.channel()
                .writeAndFlush(HttpResponses.text(
                        HttpResponseStatus.REQUEST_TIMEOUT,
                        "The request did not arrive whole within "
                                + Duration.ofNanos(timeoutNanos).toMillis()
                                + " ms of its first byte (sluice.server.request-timeout)"))
                .addListener(future -> ctx.channel().close());
    }
}
