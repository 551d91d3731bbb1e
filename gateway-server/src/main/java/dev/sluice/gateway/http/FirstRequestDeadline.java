package dev.sluice.gateway.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * Closes a new connection that sends no byte of a request within its deadline. Without it, a connection that never
 * sends anything is closed only by the idle timeout (minutes), and thousands of them take every connection slot. Sits
 * after TLS, so a client that completes its handshake and then stays silent is closed too; it leaves the pipeline at
 * the first byte, and keep-alive connections idle between requests are the idle timeout's.
 */
final class FirstRequestDeadline extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(FirstRequestDeadline.class);

    private final long timeoutNanos;
    private final ConnectionStats stats;
    private @Nullable ScheduledFuture<?> deadline;

    FirstRequestDeadline(Duration timeout, ConnectionStats stats) {
        this.timeoutNanos = requireNonNull(timeout, "timeout is null").toNanos();
        this.stats = requireNonNull(stats, "stats is null");
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        start(ctx);
        super.channelActive(ctx);
    }

    private void start(ChannelHandlerContext ctx) {
        if (deadline == null) {
            deadline = ctx.executor().schedule(() -> expire(ctx), timeoutNanos, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
        if (message instanceof ByteBuf bytes && bytes.isReadable()) {
            stop();
            ctx.pipeline().remove(this);
        }
        super.channelRead(ctx, message);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        stop();
        super.channelInactive(ctx);
    }

    private void stop() {
        if (deadline != null) {
            deadline.cancel(false);
        }
    }

    private void expire(ChannelHandlerContext ctx) {
        stats.silentClosed();
        LOG.debug(
                "Closing connection from {}: no request within {} ms",
                ctx.channel().remoteAddress(),
                TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
        ctx.close();
    }
}
