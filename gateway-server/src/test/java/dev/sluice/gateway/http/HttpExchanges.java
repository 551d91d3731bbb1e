package dev.sluice.gateway.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Requests in and responses out of the handlers' EmbeddedChannels. */
final class HttpExchanges {
    private HttpExchanges() {}

    static FullHttpRequest request(HttpMethod method, String uri, String body) {
        return new DefaultFullHttpRequest(
                HttpVersion.HTTP_1_1, method, uri, Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
    }

    /** The one response the handler wrote; the caller releases it. */
    static FullHttpResponse response(EmbeddedChannel channel) {
        Object written = channel.readOutbound();
        assertThat(written).isInstanceOf(FullHttpResponse.class);
        return (FullHttpResponse) written;
    }

    static String body(FullHttpResponse response) {
        return response.content().toString(StandardCharsets.UTF_8);
    }

    /** Writes raw bytes as a client would send them. */
    static void send(EmbeddedChannel channel, String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
    }

    /** Everything the channel wrote, as text: what a client would read. */
    static String received(EmbeddedChannel channel) {
        StringBuilder text = new StringBuilder();
        for (Object written = channel.readOutbound(); written != null; written = channel.readOutbound()) {
            ByteBuf bytes = (ByteBuf) written;
            text.append(bytes.toString(StandardCharsets.UTF_8));
            bytes.release();
        }
        return text.toString();
    }
}
