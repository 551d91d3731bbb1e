package dev.sluice.gateway.http;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.junit.jupiter.api.Test;

import static dev.sluice.gateway.http.HttpExchanges.request;
import static org.assertj.core.api.Assertions.assertThat;

final class InOrderResponsesHandlerTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new InOrderResponsesHandler());

    @Test
    void passesOnAPipelinedRequestOnlyOnceTheOneBeforeItIsAnswered() {
        channel.writeInbound(request(HttpMethod.POST, "/", "first"), request(HttpMethod.GET, "/health", ""));

        FullHttpRequest first = channel.readInbound();
        assertThat(first.content().toString(java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("first");
        first.release();
        assertThat((Object) channel.readInbound()).as("the second waits").isNull();
        assertThat(channel.config().isAutoRead())
                .as("and the connection stops reading")
                .isFalse();

        channel.writeOutbound(HttpResponses.text(HttpResponseStatus.OK, "one"));
        channel.runPendingTasks();

        FullHttpRequest second = channel.readInbound();
        assertThat(second.uri()).isEqualTo("/health");
        second.release();
        channel.writeOutbound(HttpResponses.text(HttpResponseStatus.OK, "two"));
        channel.runPendingTasks();
        assertThat(channel.config().isAutoRead()).isTrue();
        assertThat(HttpExchanges.body((FullHttpResponse) channel.readOutbound()))
                .isEqualTo("one\n");
        assertThat(channel.finishAndReleaseAll()).isTrue(); // the second response, still unread
    }

    @Test
    void releasesTheWaitingRequestsWhenTheConnectionCloses() {
        FullHttpRequest waiting = request(HttpMethod.POST, "/", "second");
        channel.writeInbound(request(HttpMethod.POST, "/", "first"), waiting);
        ((FullHttpRequest) channel.readInbound()).release();

        channel.close();

        assertThat(waiting.refCnt()).isZero();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void closesAConnectionThatPipelinesMoreThanItMayWaitFor() {
        channel.writeInbound(request(HttpMethod.POST, "/", "answered"));
        ((FullHttpRequest) channel.readInbound()).release();
        FullHttpRequest[] more = new FullHttpRequest[InOrderResponsesHandler.MAX_WAITING + 1];
        for (int i = 0; i < more.length; i++) {
            more[i] = request(HttpMethod.POST, "/", "more");
        }

        channel.writeInbound((Object[]) more);

        assertThat(channel.isOpen()).isFalse();
        assertThat(more).allSatisfy(request -> assertThat(request.refCnt()).isZero());
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }
}
