package dev.sluice.gateway.push;

import dev.sluice.gateway.netty.AcceptedConnections;
import dev.sluice.gateway.tls.ClientAuthMode;
import dev.sluice.gateway.tls.ServerTls;
import dev.sluice.gateway.tls.TlsConfig;
import dev.sluice.jobs.JobEndWatcher;
import dev.sluice.push.PushSinkFactory;
import dev.sluice.push.PushSinkOptions;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * The result endpoint: the port that query sinks in Flink jobs connect to, the results it expects, and what a sink
 * needs to reach it. Started and closed as one component; it borrows the gateway's TLS and does not close it.
 */
public final class ResultEndpointServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ResultEndpointServer.class);

    private final EventLoopGroup group;
    private final Channel serverChannel;
    private final AcceptedConnections connections;
    private final PushResults results;
    private final String advertisedAddress;
    private final @Nullable SinkTrust trust;
    // the end of every pushed query's job, asked on one shared timer (JobEndWatcher says why)
    private final JobEndWatcher jobEnds = new JobEndWatcher(JobEndWatcher.DEFAULT_INTERVAL);
    // TLS this endpoint started for itself, closed with it; null when borrowed or off
    private @Nullable ServerTls ownTls;

    private ResultEndpointServer(
            EventLoopGroup group,
            Channel serverChannel,
            AcceptedConnections connections,
            PushResults results,
            String advertisedAddress,
            @Nullable SinkTrust trust) {
        this.group = group;
        this.serverChannel = serverChannel;
        this.connections = connections;
        this.results = results;
        this.advertisedAddress = advertisedAddress;
        this.trust = trust;
    }

    /**
     * Binds {@code sluice.result.bind-host:port} and starts accepting sinks, with TLS of its own (and sinks trusting
     * the gateway's certificate chain) when {@code tlsConfig} is enabled; the one call the gateway's bootstrap makes.
     *
     * @throws dev.sluice.gateway.tls.TlsSetupException if the TLS files cannot be used
     * @throws IOException if the address cannot be bound (in use, not an address of this host); nothing is left running
     */
    public static ResultEndpointServer start(ResultConfig config, TlsConfig tlsConfig)
            throws InterruptedException, IOException {
        requireNonNull(tlsConfig, "tlsConfig is null");
        if (!tlsConfig.enabled()) {
            return start(config, null, null);
        }
        SinkTrust trust = SinkTrust.from(tlsConfig);
        // sinks present no client certificate: their ticket is what proves them, so the endpoint never asks for one
        // even when the gateway port requires mutual TLS
        ServerTls tls = ServerTls.start(new TlsConfig(
                true,
                tlsConfig.provider(),
                tlsConfig.protocols(),
                tlsConfig.cipherSuites(),
                tlsConfig.pemKeyPair(),
                tlsConfig.keyStore(),
                ClientAuthMode.NONE,
                null,
                null,
                tlsConfig.reloadInterval()));
        try {
            ResultEndpointServer server = start(config, tls, trust);
            server.ownTls = tls;
            return server;
        } catch (InterruptedException | IOException | RuntimeException e) {
            tls.close();
            throw e;
        }
    }

    /**
     * Binds {@code sluice.result.bind-host:port} and starts accepting sinks.
     *
     * @param tls the gateway's TLS, or null for plaintext; the endpoint then serves TLS with the same certificate
     * @param trust what sinks trust for that certificate ({@link SinkTrust#from}); required with {@code tls},
     *     ignored without
     * @throws IOException if the address cannot be bound (in use, not an address of this host); nothing is left running
     */
    public static ResultEndpointServer start(ResultConfig config, @Nullable ServerTls tls, @Nullable SinkTrust trust)
            throws InterruptedException, IOException {
        requireNonNull(config, "config is null");
        if (tls != null && trust == null) {
            throw new IllegalArgumentException(
                    "The result endpoint serves TLS, so sinks need the certificates to" + " trust; none were given");
        }
        PushResults results = new PushResults(config);
        // two threads: the loop only copies frames into results; consumers deserialize on their own threads
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(
                2, new DefaultThreadFactory("sluice-result", true), NioIoHandler.newFactory());
        AcceptedConnections connections = new AcceptedConnections("sluice-result-connections");
        try {
            Channel channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .handler(connections)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            if (tls != null) {
                                channel.pipeline().addLast("tls", tls.newHandler(channel.alloc()));
                            }
                            PushFrameDecoder decoder = new PushFrameDecoder();
                            channel.pipeline()
                                    .addLast("frames", decoder)
                                    .addLast(
                                            "result",
                                            new ResultConnectionHandler(results, decoder, config.helloTimeout()));
                        }
                    })
                    .bind(config.bindHost(), config.port())
                    .sync()
                    .channel();
            int port = ((InetSocketAddress) channel.localAddress()).getPort();
            String advertised = hostAndPort(config.advertisedHost(), port);
            LOG.info(
                    "Result endpoint listening on {}:{}{}, advertised to TaskManagers as {}, at most {} bytes"
                            + " buffered per query",
                    config.bindHost(),
                    port,
                    tls == null ? "" : " with TLS",
                    advertised,
                    config.maxBufferedBytes());
            return new ResultEndpointServer(
                    group, channel, connections, results, advertised, tls == null ? null : trust);
        } catch (Exception e) { // Netty rethrows the bind's IOException unchecked
            terminate(group);
            if (e instanceof InterruptedException || e instanceof RuntimeException) {
                throw e;
            }
            if (e instanceof IOException bind) {
                throw bind;
            }
            throw new IOException(e);
        }
    }

    /** The results this endpoint expects; register one per query. */
    public JobEndWatcher jobEnds() {
        return jobEnds;
    }

    public PushResults results() {
        return results;
    }

    public InetSocketAddress localAddress() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /** host:port that sinks dial. */
    public String advertisedAddress() {
        return advertisedAddress;
    }

    /**
     * The options of the {@code sluice-push} table a query is inserted into so that its rows reach {@code result}:
     * connector, address, ticket and, with TLS, the certificates to trust. The secret is in here: never log them.
     */
    public Map<String, String> sinkOptions(PushedResult<?> result) {
        PushTicket ticket = result.ticket();
        Map<String, String> options = new LinkedHashMap<>();
        options.put("connector", PushSinkFactory.IDENTIFIER);
        options.put(PushSinkOptions.ADDRESS.key(), advertisedAddress);
        options.put(PushSinkOptions.RESULT_ID.key(), Long.toString(ticket.resultId()));
        options.put(PushSinkOptions.SECRET.key(), ticket.secretBase64());
        if (trust != null) {
            options.put(PushSinkOptions.TRUSTED_CERTIFICATES.key(), trust.current());
        }
        return options;
    }

    /**
     * Stops accepting and closes every sink connection; results still open fail when their consumer reads. Returns
     * once the port is free and every connection it accepted is closed, so each sink sees its connection end and fails
     * its task rather than waiting on a gateway that is gone.
     */
    @Override
    public void close() {
        jobEnds.close();
        serverChannel.close().awaitUninterruptibly();
        // one group both accepts and reads, so the connections are closed (on their loops) once nothing new is
        // accepted and before the loops stop: a loop told to stop while it runs tasks would leave its own open (see
        // AcceptedConnections). The listening socket is released only when its loop's selector closes, which
        // terminate waits for; a connection accepted just before the close and registered late is closed after it
        connections.close();
        terminate(group);
        int leftOpen = connections.closeLeftovers();
        if (leftOpen > 0) {
            LOG.warn("{} sink connection(s) were still open after the result threads stopped; closed them", leftOpen);
        }
        if (ownTls != null) {
            ownTls.close();
        }
        LOG.info("Result endpoint closed");
    }

    private static void terminate(EventLoopGroup group) {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private static String hostAndPort(String host, int port) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]:" + port : host + ":" + port;
    }
}
