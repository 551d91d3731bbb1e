package dev.sluice.jdbc.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.pool.AbstractChannelPoolHandler;
import io.netty.channel.pool.ChannelHealthChecker;
import io.netty.channel.pool.FixedChannelPool;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static java.util.Objects.requireNonNull;

/**
 * Keep-alive HTTP/1.1 connections to one gateway address; one request at a time per connection. Up to {@code
 * pool_max_connections} are shared; a request that finds all of them busy for {@code pool_acquire_timeout_ms} opens
 * one more rather than wait longer. It must not wait for them: the gateway holds some requests open for as long as
 * their statement needs (an execute waiting for the cluster's admission, a fetch waiting for rows), and a fetch that
 * would free an admission slot must never queue behind executes that wait for that slot. So the number of
 * connections follows the requests in flight, as with a driver that has a socket per connection; the gateway bounds
 * it ({@code sluice.server.max-connections}). A connection idle for {@code pool_idle_timeout_ms} is closed; a closed
 * one fails the health check at acquire and is replaced.
 */
final class GatewayConnectionPool {
    /** Avatica frames can be large; the gateway bounds them, so the client does not add a second limit. */
    private static final int MAX_RESPONSE_BYTES = Integer.MAX_VALUE;

    private final String host;
    // the Host header, built once; an IPv6 literal is bracketed there (RFC 7230), though not for connecting
    private final String hostHeader;
    private final int port;
    private final boolean keepAlive;
    private final FixedChannelPool channels;

    GatewayConnectionPool(
            EventLoopGroup group, String host, int port, TransportConfig config, @Nullable SslContext tls) {
        this.host = requireNonNull(host, "host is null");
        this.hostHeader = (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        this.port = port;
        this.keepAlive = config.keepAlive();
        Bootstrap bootstrap = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .remoteAddress(host, port)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        config.connectTimeout().toMillis())
                // request/response: without this, each round trip can wait ~40 ms for a delayed ACK
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true);
        long idleMillis = config.poolIdleTimeout().toMillis();
        this.channels = new FixedChannelPool(
                bootstrap,
                new AbstractChannelPoolHandler() {
                    @Override
                    public void channelCreated(Channel channel) {
                        if (tls != null) {
                            // host and port: SNI, hostname verification and session resumption
                            channel.pipeline().addLast("tls", tls.newHandler(channel.alloc(), host, port));
                        }
                        channel.pipeline()
                                .addLast("idle", new IdleStateHandler(0, 0, idleMillis, TimeUnit.MILLISECONDS))
                                .addLast("http", new HttpClientCodec())
                                .addLast("aggregate", new HttpObjectAggregator(MAX_RESPONSE_BYTES))
                                // after the codec: it sees whole requests and responses, so it knows one is open
                                .addLast("close-idle", new CloseIdleConnection())
                                .addLast("response", new ResponseHandler());
                    }
                },
                ChannelHealthChecker.ACTIVE,
                // a request never waits longer than the acquire timeout: then it gets a connection of its own
                FixedChannelPool.AcquireTimeoutAction.NEW,
                config.poolAcquireTimeout().toMillis(),
                config.poolMaxConnections(),
                Integer.MAX_VALUE,
                true,
                // most recently used first: the rest go idle and are evicted when load drops
                true);
    }

    /**
     * POSTs {@code body} and waits for the response; sends it once more, on another connection, only when a pooled
     * connection turned out to be closed (the gateway's idle timeout) before the request could be written.
     */
    GatewayResponse post(byte[] body, @Nullable String authorization) throws Exception {
        return post("/", body, authorization);
    }

    /**
     * {@link #post(byte[], String)} to {@code path}: Avatica's requests go to {@code /}, Sluice's own to
     * {@code /sluice/...}.
     */
    GatewayResponse post(String path, byte[] body, @Nullable String authorization) throws Exception {
        try {
            return postOnce(path, body, authorization);
        } catch (ConnectionClosedException e) {
            if (!e.unsent()) {
                throw e;
            }
            return postOnce(path, body, authorization);
        }
    }

    /**
     * {@link #post(String, byte[], String)}, waiting no longer than {@code within} in all: then the request is
     * abandoned (its connection is closed, not pooled again) and this throws {@link TimeoutException}.
     */
    GatewayResponse post(String path, byte[] body, @Nullable String authorization, Duration within) throws Exception {
        long deadlineNanos = System.nanoTime() + Math.max(1, within.toNanos());
        try {
            return postOnce(path, body, authorization, deadlineNanos);
        } catch (ConnectionClosedException e) {
            if (!e.unsent()) {
                throw e;
            }
            return postOnce(path, body, authorization, deadlineNanos);
        }
    }

    private GatewayResponse postOnce(String path, byte[] body, @Nullable String authorization, long deadlineNanos)
            throws Exception {
        return await(
                exchange(path, body, authorization), Duration.ofNanos(Math.max(1, deadlineNanos - System.nanoTime())));
    }

    /**
     * One exchange. The caller blocks once, for the response: acquiring the connection and writing the request are
     * chained on the event loop, since every extra hand-over between the caller's thread and the loop costs a
     * context switch, which on a small machine is a good part of a sub-millisecond request.
     */
    private GatewayResponse postOnce(String path, byte[] body, @Nullable String authorization) throws Exception {
        return await(exchange(path, body, authorization));
    }

    /**
     * GETs {@code path} and waits for the response, no longer than {@code within} (then the connection is closed and
     * this throws {@link TimeoutException}); for Sluice's own JSON API beside the Avatica protocol.
     */
    GatewayResponse get(String path, @Nullable String authorization, Duration within) throws Exception {
        return await(exchange(HttpMethod.GET, path, new byte[0], authorization), within);
    }

    private CompletableFuture<GatewayResponse> exchange(String path, byte[] body, @Nullable String authorization) {
        return exchange(HttpMethod.POST, path, body, authorization);
    }

    private CompletableFuture<GatewayResponse> exchange(
            HttpMethod method, String path, byte[] body, @Nullable String authorization) {
        FullHttpRequest request =
                new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, path, Unpooled.wrappedBuffer(body));
        request.headers()
                .set(HttpHeaderNames.HOST, hostHeader)
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_OCTET_STREAM)
                .set(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
        if (authorization != null) {
            request.headers().set(HttpHeaderNames.AUTHORIZATION, authorization);
        }
        CompletableFuture<GatewayResponse> response = new CompletableFuture<>();
        channels.acquire().addListener((Future<Channel> acquired) -> {
            if (!acquired.isSuccess()) {
                response.completeExceptionally(acquired.cause());
                return;
            }
            Channel channel = acquired.getNow();
            response.whenComplete((answer, failure) -> {
                if (failure != null || !keepAlive || !answer.keepAlive()) {
                    // closed before release, so the release health check drops it rather than pooling it
                    channel.close();
                }
                channels.release(channel);
            });
            if (channel.eventLoop().inEventLoop()) {
                send(channel, request, response);
            } else {
                try {
                    channel.eventLoop().execute(() -> send(channel, request, response));
                } catch (RuntimeException e) { // the loop is shutting down: the driver is closing
                    response.completeExceptionally(e);
                }
            }
        });
        return response;
    }

    /**
     * Registers {@code response} with the connection's handler and writes; runs on the connection's event loop. Every
     * path completes {@code response} once the connection fails: a caller of a held fetch may wait on it without a
     * time limit, since the gateway may take long to answer; the caller bounds every other request.
     */
    private void send(Channel channel, FullHttpRequest request, CompletableFuture<GatewayResponse> response) {
        ResponseHandler handler = channel.pipeline().get(ResponseHandler.class);
        if (handler == null) {
            // the connection closed between the pool handing it out and this write (a failed TLS handshake, the
            // gateway's idle timeout), and Netty has emptied its pipeline
            request.release();
            ResponseHandler.failUnsent(channel, response);
            return;
        }
        handler.expect(response);
        if (response.isDone()) {
            request.release();
            return;
        }
        channel.writeAndFlush(request).addListener(written -> {
            if (!written.isSuccess()) {
                response.completeExceptionally(new ConnectionClosedException(
                        "Could not send the request to the gateway at " + host + ":" + port + ": " + written.cause(),
                        true));
            }
        });
    }

    private static <T> T await(java.util.concurrent.Future<T> future) throws Exception {
        return await(future::get);
    }

    /** Runs {@code waiting}, throwing the cause of a failed exchange rather than its wrapper. */
    private static <T> T await(Waiting<T> waiting) throws Exception {
        try {
            return waiting.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            throw e;
        }
    }

    /**
     * Waits for {@code response} no longer than {@code within}; then abandons it (its connection is closed, not pooled
     * again) and throws {@link TimeoutException}.
     */
    private GatewayResponse await(CompletableFuture<GatewayResponse> response, Duration within) throws Exception {
        try {
            return await(() -> response.get(Math.max(1, within.toNanos()), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            response.completeExceptionally(e); // closes the connection once it is acquired
            throw new TimeoutException("The gateway at " + host + ":" + port + " did not answer within " + within);
        }
    }

    void close() {
        channels.close();
    }

    /** A wait for an exchange's response. */
    @FunctionalInterface
    private interface Waiting<T> {
        T get() throws InterruptedException, ExecutionException, TimeoutException;
    }

    /** Evicts a connection that stayed idle in the pool. */
    private static final class CloseIdleConnection extends ChannelDuplexHandler {
        // a request whose response has not come: the gateway may hold a fetch until its query's first row exists,
        // far longer than the idle timeout, and closing then would lose the answer
        private boolean awaitingResponse; // only touched on the channel's event loop

        @Override
        public void write(ChannelHandlerContext ctx, Object message, io.netty.channel.ChannelPromise promise)
                throws Exception {
            if (message instanceof io.netty.handler.codec.http.HttpRequest) {
                awaitingResponse = true;
            }
            super.write(ctx, message, promise);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
            if (message instanceof io.netty.handler.codec.http.FullHttpResponse) {
                awaitingResponse = false;
            }
            super.channelRead(ctx, message);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof IdleStateEvent) {
                if (!awaitingResponse) {
                    ctx.close();
                }
            } else {
                super.userEventTriggered(ctx, event);
            }
        }
    }
}
