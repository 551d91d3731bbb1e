package dev.sluice.gateway.http;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLHandshakeException;

import static org.assertj.core.api.Assertions.assertThat;

final class TlsHandshakeObserverTest {
    @Test
    void countsHandshakesByOutcomeAndPassesTheEventOn() {
        ConnectionStats stats = new ConnectionStats();
        TlsHandshakeObserver observer = new TlsHandshakeObserver(stats);
        // @Sharable: one observer serves every connection
        EmbeddedChannel first = new EmbeddedChannel(observer);
        EmbeddedChannel second = new EmbeddedChannel(observer);

        first.pipeline().fireUserEventTriggered(SslHandshakeCompletionEvent.SUCCESS);
        second.pipeline().fireUserEventTriggered(new SslHandshakeCompletionEvent(new SSLHandshakeException("expired")));

        assertThat(stats.tlsHandshakesSucceeded()).isEqualTo(1);
        assertThat(stats.tlsHandshakesFailed()).isEqualTo(1);
        assertThat(first.finishAndReleaseAll()).isFalse();
        assertThat(second.finishAndReleaseAll()).isFalse();
    }
}
