package dev.sluice.gateway.push;

import dev.sluice.push.PushWire;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.concurrent.ScheduledFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.DataInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * One sink's connection: the hello (within a deadline, with the right ticket) attaches it to its result; then its
 * frames go to that result and nowhere else. A refused connection is closed and logged without its secret.
 */
final class ResultConnectionHandler extends SimpleChannelInboundHandler<ByteBuf> implements SinkConnection {
    private static final Logger LOG = LoggerFactory.getLogger(ResultConnectionHandler.class);

    private final PushResults results;
    private final PushFrameDecoder decoder;
    private final Duration helloTimeout;
    private @Nullable Channel channel;
    private @Nullable PushedResult<?> result;
    private @Nullable ScheduledFuture<?> helloDeadline;

    ResultConnectionHandler(PushResults results, PushFrameDecoder decoder, Duration helloTimeout) {
        this.results = requireNonNull(results, "results is null");
        this.decoder = requireNonNull(decoder, "decoder is null");
        this.helloTimeout = requireNonNull(helloTimeout, "helloTimeout is null");
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        helloDeadline = ctx.executor()
                .schedule(
                        () -> {
                            if (result == null) {
                                refuse(ctx, "no hello within " + helloTimeout);
                            }
                        },
                        helloTimeout.toNanos(),
                        TimeUnit.NANOSECONDS);
        ctx.fireChannelActive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) throws IOException {
        byte type = frame.readByte();
        PushedResult<?> attached = result;
        if (attached == null) {
            hello(ctx, type, frame);
            return;
        }
        switch (type) {
            case PushWire.ROWS -> {
                if (frame.readableBytes() < 4) {
                    protocolError(ctx, attached, "a rows frame without a row count");
                    return;
                }
                attached.offerRows(this, ByteBufUtil.getBytes(frame));
            }
            case PushWire.END -> {
                if (frame.readableBytes() != 8) {
                    protocolError(ctx, attached, "an end frame of " + frame.readableBytes() + " bytes");
                    return;
                }
                if (attached.end(this, frame.readLong())) {
                    ByteBuf ack = ctx.alloc().buffer(PushWire.LENGTH_BYTES + 1);
                    ack.writeInt(1).writeByte(PushWire.ACK);
                    ctx.writeAndFlush(ack);
                } else {
                    ctx.close();
                }
            }
            default -> protocolError(ctx, attached, "a frame of unknown type " + type);
        }
    }

    private void hello(ChannelHandlerContext ctx, byte type, ByteBuf frame) {
        if (type != PushWire.HELLO) {
            refuse(ctx, "the first frame is of type " + type + ", not a hello");
            return;
        }
        PushWire.Hello hello;
        try {
            hello = PushWire.Hello.read(new DataInputStream(new ByteBufInputStream(frame)));
        } catch (IOException e) {
            refuse(ctx, "malformed hello: " + e.getMessage());
            return;
        }
        PushedResult<?> target = results.find(hello.resultId());
        if (target == null) {
            refuse(ctx, "unknown result " + hello.resultId());
            return;
        }
        String refusal = target.attach(this, hello);
        if (refusal != null) {
            refuse(ctx, refusal);
            return;
        }
        result = target;
        if (helloDeadline != null) {
            helloDeadline.cancel(false);
        }
        decoder.allowRowFrames();
        LOG.debug("Result {} is delivered by attempt {} from {}", hello.resultId(), hello.attempt(), describe());
    }

    private void refuse(ChannelHandlerContext ctx, String reason) {
        // counted, and said at DEBUG only: anyone who can reach the endpoint could otherwise fill the log
        results.refused();
        LOG.debug("Refused a connection to the result endpoint from {}: {}", describe(), reason);
        ctx.close();
    }

    private void protocolError(ChannelHandlerContext ctx, PushedResult<?> attached, String what) {
        attached.connectionLost(this, new IOException("the sink sent " + what));
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (helloDeadline != null) {
            helloDeadline.cancel(false);
        }
        PushedResult<?> attached = result;
        if (attached != null) {
            attached.connectionLost(this, null);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        PushedResult<?> attached = result;
        if (attached == null) {
            refuse(ctx, cause.toString());
            return;
        }
        LOG.debug("Connection from {} to the result endpoint failed", describe(), cause);
        attached.connectionLost(this, cause);
        ctx.close();
    }

    @Override
    public void pauseReading() {
        requireNonNull(channel, "channel is null").config().setAutoRead(false);
    }

    @Override
    public void resumeReading() {
        Channel open = requireNonNull(channel, "channel is null");
        open.eventLoop().execute(() -> open.config().setAutoRead(true));
    }

    @Override
    public void close() {
        if (channel != null) {
            channel.close();
        }
    }

    @Override
    public String describe() {
        return channel == null ? "(not connected)" : String.valueOf(channel.remoteAddress());
    }
}
