package dev.sluice.gateway.http;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.timeout.IdleStateEvent;
import org.junit.jupiter.api.Test;

import static dev.sluice.gateway.http.HttpExchanges.request;
import static org.assertj.core.api.Assertions.assertThat;

final class CloseIdleConnectionHandlerTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new CloseIdleConnectionHandler());

    @Test
    void closesAnIdleConnectionWithoutARequestInFlight() {
        channel.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);

        assertThat(channel.isOpen()).isFalse();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void keepsAConnectionWhoseRequestIsStillBeingAnsweredThenClosesItOnceAnswered() {
        channel.writeInbound(request(HttpMethod.POST, "/", "{}"));
        ((FullHttpRequest) channel.readInbound()).release();

        channel.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        assertThat(channel.isOpen()).as("a held fetch keeps its connection").isTrue();

        channel.writeOutbound(HttpResponses.text(HttpResponseStatus.OK, "rows"));
        ((FullHttpResponse) channel.readOutbound()).release();
        channel.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        assertThat(channel.isOpen()).isFalse();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void leavesTheConnectionOpenOnOtherEvents() {
        Object event = "some other event";
        channel.pipeline().fireUserEventTriggered(event);

        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }
}
