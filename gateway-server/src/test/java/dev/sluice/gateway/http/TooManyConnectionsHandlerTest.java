package dev.sluice.gateway.http;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.junit.jupiter.api.Test;

import static dev.sluice.gateway.http.HttpExchanges.body;
import static dev.sluice.gateway.http.HttpExchanges.request;
import static dev.sluice.gateway.http.HttpExchanges.response;
import static org.assertj.core.api.Assertions.assertThat;

final class TooManyConnectionsHandlerTest {
    @Test
    void answersAnyRequestWith503ThatNamesTheLimitAndClosesTheConnection() {
        EmbeddedChannel channel = new EmbeddedChannel(TooManyConnectionsHandler.gatewayFull(2));
        FullHttpRequest request = request(HttpMethod.POST, "/", "{}");

        channel.writeInbound(request);

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.SERVICE_UNAVAILABLE);
        assertThat(body(response))
                .isEqualTo("The gateway has 2 connections open, its sluice.server.max-connections; retry later\n");
        assertThat(response.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("close");
        assertThat(channel.isOpen()).isFalse();
        assertThat(request.refCnt()).as("the request is released").isZero();
        response.release();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void closesTheConnectionOnAnError() {
        EmbeddedChannel channel = new EmbeddedChannel(TooManyConnectionsHandler.addressFull(2));

        channel.pipeline().fireExceptionCaught(new IllegalStateException("reset by peer"));

        assertThat(channel.isOpen()).isFalse();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }
}
