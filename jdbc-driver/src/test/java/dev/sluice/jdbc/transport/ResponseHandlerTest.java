package dev.sluice.jdbc.transport;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLHandshakeException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResponseHandlerTest {
    @Test
    void aRequestOnAConnectionWhosePipelineIsGoneFailsWithTheConnectionsOwnFailure() {
        EmbeddedChannel channel = new EmbeddedChannel(new ResponseHandler());
        SSLHandshakeException handshake = new SSLHandshakeException("certificate expired");
        channel.pipeline().fireUserEventTriggered(new SslHandshakeCompletionEvent(handshake));
        channel.close();
        channel.runPendingTasks();
        assertThat(channel.pipeline().get(ResponseHandler.class)).isNull();

        CompletableFuture<GatewayResponse> response = new CompletableFuture<>();
        ResponseHandler.failUnsent(channel, response);

        assertThatThrownBy(response::get).isInstanceOf(ExecutionException.class).hasCause(handshake);
    }

    @Test
    void aRequestOnAConnectionThatClosedWithoutAReasonMayBeSentAgain() {
        EmbeddedChannel channel = new EmbeddedChannel();

        CompletableFuture<GatewayResponse> response = new CompletableFuture<>();
        ResponseHandler.failUnsent(channel, response);

        assertThatThrownBy(response::get)
                .cause()
                .isInstanceOf(ConnectionClosedException.class)
                .satisfies(e ->
                        assertThat(((ConnectionClosedException) e).unsent()).isTrue());
    }

    @Test
    void aConnectionThatClosedFailsTheRequestInFlightAsSent() {
        EmbeddedChannel channel = new EmbeddedChannel(new ResponseHandler());
        CompletableFuture<GatewayResponse> response = new CompletableFuture<>();
        channel.pipeline().get(ResponseHandler.class).expect(response);

        channel.close();

        assertThatThrownBy(response::get)
                .cause()
                .isInstanceOf(ConnectionClosedException.class)
                .satisfies(e ->
                        assertThat(((ConnectionClosedException) e).unsent()).isFalse());
    }
}
