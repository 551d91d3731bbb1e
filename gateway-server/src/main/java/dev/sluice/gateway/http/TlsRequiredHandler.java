package dev.sluice.gateway.http;

import dev.sluice.gateway.tls.ServerTls;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandler;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Looks at the first bytes of a connection on the TLS port: a TLS record gets the TLS handler (with the current
 * certificate); anything else is a plaintext client, which gets a plaintext 400 that says to use TLS — a clearer
 * answer than the TLS alert it could not read.
 */
final class TlsRequiredHandler extends ByteToMessageDecoder {
    /** A TLS record header is 5 bytes. */
    private static final int RECORD_HEADER_BYTES = 5;

    private static final String MESSAGE =
            "This gateway port requires TLS: connect with https, or with ssl=true in the " + "JDBC URL\n";

    private final ServerTls tls;
    private final ConnectionStats stats;

    TlsRequiredHandler(ServerTls tls, ConnectionStats stats) {
        this.tls = requireNonNull(tls, "tls is null");
        this.stats = requireNonNull(stats, "stats is null");
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < RECORD_HEADER_BYTES) {
            return;
        }
        if (SslHandler.isEncrypted(in, false)) {
            // the bytes read so far go on to the TLS handler when this one is removed
            ctx.pipeline().replace(this, "tls", tls.newHandler(ctx.alloc()));
            return;
        }
        in.skipBytes(in.readableBytes());
        stats.handshake(false);
        byte[] body = MESSAGE.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 400 Bad Request\r\n"
                + "Content-Type: text/plain; charset=UTF-8\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Connection: close\r\n\r\n";
        ByteBuf response = Unpooled.wrappedBuffer(head.getBytes(StandardCharsets.US_ASCII), body);
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
}
