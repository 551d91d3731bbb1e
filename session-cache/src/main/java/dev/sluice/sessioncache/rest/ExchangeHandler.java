package dev.sluice.sessioncache.rest;

import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.rest.ConnectionClosedException;
import org.apache.flink.runtime.rest.ConnectionIdleException;
import org.apache.flink.runtime.rest.util.RestClientException;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.netty4.io.netty.buffer.ByteBufInputStream;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelHandlerContext;
import org.apache.flink.shaded.netty4.io.netty.channel.SimpleChannelInboundHandler;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.TooLongFrameException;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.FullHttpResponse;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpUtil;
import org.apache.flink.shaded.netty4.io.netty.handler.timeout.IdleStateEvent;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * The last handler of a pooled connection: it completes the one exchange in flight on it with the response, or
 * with the reason there was none. Between exchanges an idle event closes the connection (idle eviction); during one
 * it fails the exchange once it has waited longer than {@link RestOptions#IDLENESS_TIMEOUT}, as Flink's client
 * does. Runs on the connection's event loop only.
 */
final class ExchangeHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
    /** What an exchange completes with: the response, and whether the connection may be used again. */
    record Outcome(RawResponse response, boolean keepAlive) {}

    private final RestJson json;
    private final long idlenessTimeoutNanos;
    private @Nullable CompletableFuture<Outcome> pending;
    private long lastActivityNanos = System.nanoTime();

    ExchangeHandler(RestJson json, long idlenessTimeoutMillis) {
        this.json = requireNonNull(json, "json is null");
        this.idlenessTimeoutNanos = idlenessTimeoutMillis * 1_000_000L;
    }

    /** Starts an exchange; the connection must not have one in flight (the pool lends it to one caller at a time). */
    void begin(CompletableFuture<Outcome> outcome) {
        if (pending != null && !pending.isDone()) {
            throw new IllegalStateException("a pooled REST connection was lent out twice");
        }
        pending = outcome;
        lastActivityNanos = System.nanoTime();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext context, FullHttpResponse response) {
        CompletableFuture<Outcome> outcome = take();
        if (outcome == null) {
            // an answer nobody asked for: the connection's state is unknown, so it is not used again
            context.close();
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(response);
        HttpResponseStatus status = response.status();
        if (status.equals(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE)) {
            outcome.completeExceptionally(new RestClientException(
                    "The JobManager refused the request as too large (413); raise its "
                            + RestOptions.SERVER_MAX_CONTENT_LENGTH.key(),
                    status));
        } else {
            try (InputStream body = new ByteBufInputStream(response.content())) {
                JsonNode tree = json.readTree(body);
                outcome.complete(new Outcome(new RawResponse(status, tree), keepAlive));
            } catch (IOException e) {
                String text = response.content().toString(StandardCharsets.UTF_8);
                outcome.completeExceptionally(new RestClientException(
                        "The JobManager answered " + status + " with a body that is not JSON: " + abbreviate(text),
                        e,
                        status));
            }
        }
        if (!keepAlive) {
            context.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) throws Exception {
        fail(new ConnectionClosedException("The JobManager closed the connection before it answered"));
        super.channelInactive(context);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) throws Exception {
        if (!(event instanceof IdleStateEvent)) {
            super.userEventTriggered(context, event);
            return;
        }
        if (pending == null || pending.isDone()) {
            context.close(); // idle in the pool for the whole idle timeout
        } else if (System.nanoTime() - lastActivityNanos >= idlenessTimeoutNanos) {
            fail(new ConnectionIdleException("No answer from the JobManager within "
                    + RestOptions.IDLENESS_TIMEOUT.key() + " (" + idlenessTimeoutNanos / 1_000_000 + " ms)"));
            context.close();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        if (cause instanceof TooLongFrameException) {
            fail(new RestClientException(
                    "The JobManager's answer is larger than " + RestOptions.CLIENT_MAX_CONTENT_LENGTH.key()
                            + " allows: " + cause.getMessage(),
                    cause,
                    HttpResponseStatus.INTERNAL_SERVER_ERROR));
        } else {
            fail(new ConnectionClosedException("The connection to the JobManager failed: " + cause, cause));
        }
        context.close();
    }

    private void fail(Exception cause) {
        CompletableFuture<Outcome> outcome = take();
        if (outcome != null) {
            outcome.completeExceptionally(cause);
        }
    }

    private @Nullable CompletableFuture<Outcome> take() {
        CompletableFuture<Outcome> outcome = pending;
        pending = null;
        lastActivityNanos = System.nanoTime();
        return outcome == null || outcome.isDone() ? null : outcome;
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
