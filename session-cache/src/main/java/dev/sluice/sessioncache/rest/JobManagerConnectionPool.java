package dev.sluice.sessioncache.rest;

import org.apache.flink.runtime.io.network.netty.SSLHandlerFactory;
import org.apache.flink.runtime.rest.ConnectionClosedException;
import org.apache.flink.runtime.rest.ConnectionException;
import org.apache.flink.runtime.rest.RestClientConfiguration;
import org.apache.flink.shaded.netty4.io.netty.bootstrap.Bootstrap;
import org.apache.flink.shaded.netty4.io.netty.channel.Channel;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelOption;
import org.apache.flink.shaded.netty4.io.netty.channel.EventLoopGroup;
import org.apache.flink.shaded.netty4.io.netty.channel.nio.NioEventLoopGroup;
import org.apache.flink.shaded.netty4.io.netty.channel.pool.AbstractChannelPoolHandler;
import org.apache.flink.shaded.netty4.io.netty.channel.pool.ChannelHealthChecker;
import org.apache.flink.shaded.netty4.io.netty.channel.pool.FixedChannelPool;
import org.apache.flink.shaded.netty4.io.netty.channel.socket.nio.NioSocketChannel;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpClientCodec;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpObjectAggregator;
import org.apache.flink.shaded.netty4.io.netty.handler.stream.ChunkedWriteHandler;
import org.apache.flink.shaded.netty4.io.netty.handler.timeout.IdleStateHandler;
import org.apache.flink.shaded.netty4.io.netty.util.concurrent.DefaultThreadFactory;
import org.apache.flink.shaded.netty4.io.netty.util.concurrent.Future;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.util.Objects.requireNonNull;

/**
 * Keep-alive connections to one cluster's JobManager REST endpoints, pooled per address: an address is whatever the
 * leader retriever currently names, so after a failover the new leader gets a pool of its own and the old one's
 * connections fail and are dropped. A connection carries one exchange at a time and goes back to its pool after the
 * response; it is closed when idle longer than the idle timeout, when the server asks for {@code Connection: close}
 * and after any failure. Thread-safe.
 */
public final class JobManagerConnectionPool implements AutoCloseable {
    /** What the pool reports about its TCP connections; called on event-loop threads, so it must not block. */
    public interface ConnectionEvents {
        void opened();

        void closed();

        /** A request is being sent: the JobManager's REST work, counted per cluster. */
        default void requestSent() {}
    }

    private static final Logger LOG = LoggerFactory.getLogger(JobManagerConnectionPool.class);
    // how long a close waits for the answers to requests already sent
    private static final Duration IN_FLIGHT_WAIT = Duration.ofSeconds(2);

    private final String cluster;
    private final RestClientConfiguration flinkRest;
    private final RestConnectionSettings settings;
    private final RestJson json;
    private final ConnectionEvents events;
    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    private final Map<InetSocketAddress, FixedChannelPool> pools = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Set<CompletableFuture<ExchangeHandler.Outcome>> inFlight = ConcurrentHashMap.newKeySet();

    /**
     * @param flinkRest Flink's REST client settings: connect and idleness timeouts, largest response, TLS
     * @param events told of every TCP connection opened and closed, for the metrics
     */
    public JobManagerConnectionPool(
            String cluster,
            RestClientConfiguration flinkRest,
            RestConnectionSettings settings,
            ConnectionEvents events) {
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.flinkRest = requireNonNull(flinkRest, "flinkRest is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.json = RestJson.of(settings.objectMapper());
        this.events = requireNonNull(events, "events is null");
        this.group =
                new NioEventLoopGroup(settings.ioThreads(), new DefaultThreadFactory("sluice-rest-" + cluster, true));
        this.bootstrap = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        Math.min(Integer.MAX_VALUE, flinkRest.getConnectionTimeout()))
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true);
    }

    /**
     * Sends {@code request} to {@code host:port} on a pooled connection. Fails with a {@link java.net.ConnectException}
     * when no connection can be opened and with a {@link ConnectionException} when one breaks before the answer, the
     * IOExceptions Flink's cluster client retries on.
     */
    CompletableFuture<ExchangeHandler.Outcome> exchange(String host, int port, OutgoingRequest request) {
        CompletableFuture<ExchangeHandler.Outcome> outcome = new CompletableFuture<>();
        events.requestSent();
        inFlight.add(outcome);
        outcome.whenComplete((response, failure) -> inFlight.remove(outcome));
        try {
            send(host, port, request, outcome);
        } catch (RuntimeException e) {
            // the pool or its event loops shut down under us (eviction, gateway stop): fail, never leave it waiting
            request.release();
            outcome.completeExceptionally(closed.get() ? closedFailure() : e);
        }
        return outcome;
    }

    private void send(
            String host, int port, OutgoingRequest request, CompletableFuture<ExchangeHandler.Outcome> outcome) {
        if (closed.get()) {
            throw new IllegalStateException("closed");
        }
        FixedChannelPool pool = pools.computeIfAbsent(InetSocketAddress.createUnresolved(host, port), this::newPool);
        if (closed.get()) {
            pool.close(); // close() ran between the check and the new pool; nobody else would close it
            throw new IllegalStateException("closed");
        }
        pool.acquire().addListener((Future<Channel> acquired) -> {
            if (!acquired.isSuccess()) {
                request.release();
                outcome.completeExceptionally(acquireFailure(host, port, acquired.cause()));
                return;
            }
            Channel channel = acquired.getNow();
            outcome.whenComplete((response, failure) -> {
                request.release();
                if (failure != null || !response.keepAlive() || closed.get()) {
                    channel.close();
                }
                if (!closed.get()) { // a closed pool's event loops are shut down and would refuse the release
                    pool.release(channel); // a closed channel fails the health check and is dropped
                }
            });
            try {
                channel.eventLoop().execute(() -> write(channel, host, port, request, outcome));
            } catch (RuntimeException e) { // the event loop is shutting down
                outcome.completeExceptionally(closedFailure());
            }
        });
    }

    private static void write(
            Channel channel,
            String host,
            int port,
            OutgoingRequest request,
            CompletableFuture<ExchangeHandler.Outcome> outcome) {
        try {
            channel.pipeline().get(ExchangeHandler.class).begin(outcome);
        } catch (RuntimeException e) {
            outcome.completeExceptionally(e);
            return;
        }
        request.writeTo(channel).addListener(written -> {
            if (!written.isSuccess()) {
                outcome.completeExceptionally(new ConnectionClosedException(
                        "Could not send " + request.method() + " " + request.uri() + " to the JobManager at " + host
                                + ":" + port,
                        written.cause()));
            }
        });
    }

    private ConnectionClosedException closedFailure() {
        return new ConnectionClosedException("The REST connections of cluster '" + cluster
                + "' are closed (the cluster's client was evicted or the gateway is stopping)");
    }

    /** The JSON mappers of this cluster's requests and responses. */
    RestJson json() {
        return json;
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        awaitInFlight();
        pools.values().forEach(FixedChannelPool::close);
        pools.clear();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        LOG.debug("Closed the REST connections of cluster '{}'", cluster);
    }

    /**
     * Lets the requests already sent get their answers, for a short while: a job's cancel sent as the gateway stops
     * would otherwise be cut off, which the JobManager logs as a warning.
     */
    private void awaitInFlight() {
        try {
            CompletableFuture.allOf(inFlight.toArray(CompletableFuture<?>[]::new))
                    .get(IN_FLIGHT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("Closing the REST connections of cluster '{}' with requests unanswered", cluster, e);
        }
    }

    private FixedChannelPool newPool(InetSocketAddress address) {
        String host = address.getHostString();
        int port = address.getPort();
        @Nullable SSLHandlerFactory ssl = flinkRest.getSslHandlerFactory();
        AbstractChannelPoolHandler handler = new AbstractChannelPoolHandler() {
            @Override
            public void channelCreated(Channel channel) {
                if (ssl != null) {
                    channel.pipeline().addLast("ssl", ssl.createNettySSLHandler(channel.alloc(), host, port));
                }
                channel.pipeline()
                        .addLast(new HttpClientCodec())
                        .addLast(new HttpObjectAggregator(flinkRest.getMaxContentLength()))
                        .addLast(new ChunkedWriteHandler())
                        .addLast(new IdleStateHandler(
                                0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS))
                        .addLast(new ExchangeHandler(json, flinkRest.getIdlenessTimeout()));
                events.opened();
                channel.closeFuture().addListener(closed -> events.closed());
                LOG.debug("Opened a REST connection to {}:{} for cluster '{}'", host, port, cluster);
            }
        };
        return new FixedChannelPool(
                bootstrap.clone().remoteAddress(address),
                handler,
                ChannelHealthChecker.ACTIVE,
                FixedChannelPool.AcquireTimeoutAction.FAIL,
                flinkRest.getConnectionTimeout(),
                settings.maxConnectionsPerAddress(),
                Integer.MAX_VALUE,
                true,
                true);
    }

    private Throwable acquireFailure(String host, int port, Throwable cause) {
        if (cause instanceof TimeoutException) {
            return new ConnectionException(
                    "All " + settings.maxConnectionsPerAddress()
                            + " REST connections to the JobManager at " + host + ":" + port
                            + " stayed busy for rest.connection-timeout (" + flinkRest.getConnectionTimeout()
                            + " ms); raise sluice.cluster.rest.max-connections-per-address",
                    cause);
        }
        return cause; // a ConnectException (refused, timed out) as Flink's own client reports it
    }
}
