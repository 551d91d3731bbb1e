package dev.sluice.sessioncache.rest;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.io.network.netty.OutboundChannelHandlerFactory;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelHandler;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelHandlerContext;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelOutboundHandlerAdapter;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;
import static org.apache.flink.configuration.ConfigOptions.key;

/**
 * Counts the connections Flink's own REST client opens (one per request), so that Sluice's connection metrics also
 * cover the stock transport it is measured against. Flink's {@code RestClient} loads every
 * {@link OutboundChannelHandlerFactory} through the service loader and asks each for a handler per new connection;
 * this one answers only for configurations that carry a {@link #register registered} token, so other REST clients in
 * the process are left alone.
 */
public final class FlinkRestConnectionCounter implements OutboundChannelHandlerFactory {
    /** Set only on the client configurations Sluice builds; never read from the gateway's configuration file. */
    private static final ConfigOption<String> TOKEN = key("sluice.internal.rest-connection-counter")
            .stringType()
            .noDefaultValue()
            .withDescription("Internal: which counter gets the connections of a Flink REST client.");

    private static final Map<String, JobManagerConnectionPool.ConnectionEvents> COUNTERS = new ConcurrentHashMap<>();

    /** Returns a copy of {@code configuration} whose REST clients report their connections to {@code events}. */
    public static Configuration register(
            Configuration configuration, JobManagerConnectionPool.ConnectionEvents events) {
        String token = UUID.randomUUID().toString();
        COUNTERS.put(token, requireNonNull(events, "events is null"));
        Configuration counted = new Configuration(configuration);
        counted.set(TOKEN, token);
        return counted;
    }

    /** Forgets the counter of {@code configuration} (a configuration from {@link #register}). */
    public static void unregister(Configuration configuration) {
        configuration.getOptional(TOKEN).ifPresent(COUNTERS::remove);
    }

    @Override
    public int priority() {
        return 0;
    }

    @Override
    public Optional<ChannelHandler> createHandler(Configuration configuration) {
        return configuration.getOptional(TOKEN).map(COUNTERS::get).map(events -> new ChannelOutboundHandlerAdapter() {
            @Override
            public void handlerAdded(ChannelHandlerContext context) {
                events.opened();
                context.channel().closeFuture().addListener(closed -> events.closed());
            }
        });
    }
}
