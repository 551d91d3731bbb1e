package dev.sluice.gateway.http;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static dev.sluice.gateway.http.HttpExchanges.received;
import static dev.sluice.gateway.http.HttpExchanges.send;
import static org.assertj.core.api.Assertions.assertThat;

final class RequestReadDeadlineTest {
    private final RequestReadDeadline deadline = new RequestReadDeadline(Duration.ofSeconds(10));
    private final EmbeddedChannel channel = new EmbeddedChannel();

    RequestReadDeadlineTest() {
        channel.freezeTime();
        channel.pipeline()
                .addLast(deadline.bytesHandler())
                .addLast(new HttpServerCodec())
                .addLast(new HttpObjectAggregator(1024))
                .addLast(deadline.requestsHandler());
    }

    @Test
    void answersATrickledRequest408AndClosesItsConnectionAtTheDeadline() {
        for (int second = 0; second < 9; second++) { // a byte a second resets an idle timer, not this deadline
            send(channel, "G");
            channel.advanceTimeBy(1, TimeUnit.SECONDS);
            channel.runScheduledPendingTasks();
        }
        assertThat(channel.isOpen()).isTrue();

        channel.advanceTimeBy(1, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();

        assertThat(received(channel))
                .startsWith("HTTP/1.1 408 Request Timeout")
                .contains("sluice.server.request-timeout");
        assertThat(channel.isOpen()).isFalse();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aRequestThatArrivesWholeInTimeStopsTheClockWhileItIsAnswered() {
        send(channel, "GET /health HTTP/1.1\r\nHost: x\r\n");
        channel.advanceTimeBy(9, TimeUnit.SECONDS);
        send(channel, "\r\n");
        ((FullHttpRequest) channel.readInbound()).release();

        channel.advanceTimeBy(1, TimeUnit.HOURS); // a held fetch may take long: no longer the read deadline's business
        channel.runScheduledPendingTasks();

        assertThat(received(channel)).isEmpty();
        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void eachRequestOnAKeptAliveConnectionHasItsOwnDeadline() {
        send(channel, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        ((FullHttpRequest) channel.readInbound()).release();
        channel.advanceTimeBy(1, TimeUnit.MINUTES);
        send(channel, "GET /health HTTP/1.1\r\n");

        channel.advanceTimeBy(10, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();

        assertThat(received(channel)).startsWith("HTTP/1.1 408");
        assertThat(channel.isOpen()).isFalse();
        // at the close the codec hands on the half-read request as a failed one; nothing else is left
        FullHttpRequest unfinished = channel.readInbound();
        assertThat(unfinished.decoderResult().isFailure()).isTrue();
        unfinished.release();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }
}
