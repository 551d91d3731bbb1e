package dev.sluice.gateway.http;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static dev.sluice.gateway.http.HttpExchanges.received;
import static dev.sluice.gateway.http.HttpExchanges.send;
import static org.assertj.core.api.Assertions.assertThat;

final class SizeLimitedAggregatorTest {
    private static final int LIMIT = 1024;

    private final EmbeddedChannel channel =
            new EmbeddedChannel(new HttpServerCodec(), new SizeLimitedAggregator(LIMIT));

    @AfterEach
    void nothingLeftInTheChannel() {
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void passesOneWholeRequestPerMessageOnAKeptAliveConnection() {
        send(channel, post("a".repeat(LIMIT)) + post("second"));

        FullHttpRequest first = channel.readInbound();
        FullHttpRequest second = channel.readInbound();
        assertThat(first.content().toString(StandardCharsets.UTF_8)).isEqualTo("a".repeat(LIMIT));
        assertThat(second.content().toString(StandardCharsets.UTF_8)).isEqualTo("second");
        assertThat(channel.isOpen()).isTrue();
        first.release();
        second.release();
    }

    @Test
    void answersALargerRequestWith413ThatNamesTheLimitAndClosesTheConnection() {
        send(channel, post("a".repeat(LIMIT + 1)));

        assertThat((Object) channel.readInbound()).isNull();
        assertThat(received(channel))
                .startsWith("HTTP/1.1 413 Request Entity Too Large\r\n")
                .contains("connection: close")
                .endsWith("The request is larger than 1024 bytes, the gateway's sluice.server.max-request-size\n");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void answersAChunkedRequestThatGrowsPastTheLimitWith413() {
        send(channel, "POST / HTTP/1.1\r\nHost: gateway\r\nTransfer-Encoding: chunked\r\n\r\n");
        String chunk = "a".repeat(600);
        send(channel, Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n");
        send(channel, Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n");

        assertThat((Object) channel.readInbound()).isNull();
        assertThat(received(channel)).startsWith("HTTP/1.1 413 ");
        assertThat(channel.isOpen()).isFalse();
    }

    private static String post(String body) {
        return "POST / HTTP/1.1\r\nHost: gateway\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
    }
}
