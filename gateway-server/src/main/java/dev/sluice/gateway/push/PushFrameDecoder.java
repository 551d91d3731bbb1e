package dev.sluice.gateway.push;

import dev.sluice.push.PushWire;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;

import java.util.List;

/**
 * Splits the bytes of a sink's connection into frames (type and payload, without the length). Until the hello is
 * accepted only a frame as small as a hello is allowed, so that a peer without a ticket cannot make the gateway buffer
 * a large frame; then frames up to {@link PushWire#MAX_FRAME_BYTES}.
 */
final class PushFrameDecoder extends ByteToMessageDecoder {
    private int maxFrameBytes = PushWire.MAX_HELLO_BYTES;

    /** Called on the channel's event loop once the hello is accepted. */
    void allowRowFrames() {
        maxFrameBytes = PushWire.MAX_FRAME_BYTES;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < PushWire.LENGTH_BYTES) {
            return;
        }
        int length = in.getInt(in.readerIndex());
        if (length < 1) {
            throw new CorruptedFrameException("frame length " + length);
        }
        if (length > maxFrameBytes) {
            throw new TooLongFrameException("frame of " + length + " bytes, at most " + maxFrameBytes + " allowed");
        }
        if (in.readableBytes() < PushWire.LENGTH_BYTES + length) {
            return;
        }
        in.skipBytes(PushWire.LENGTH_BYTES);
        out.add(in.readRetainedSlice(length));
    }
}
