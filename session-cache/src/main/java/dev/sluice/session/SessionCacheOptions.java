package dev.sluice.session;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the objects reused across queries on a session cluster; reference: docs/configuration.md. */
public final class SessionCacheOptions {
    public static final ConfigOption<Boolean> REUSE = key("sluice.cluster.reuse")
            .booleanType()
            .defaultValue(true)
            .withDescription("Reuse one REST cluster client (and its leader retriever) per cluster for every"
                    + " submission, status poll, result fetch and cancel; false creates them per call as stock Flink"
                    + " does, to measure the difference.");

    public static final ConfigOption<Duration> IDLE_TIMEOUT = key("sluice.cluster.cache.idle-timeout")
            .durationType()
            .defaultValue(Duration.ofMinutes(30))
            .withDescription("A cached cluster client not used for this long is closed; the next query opens one.");

    public static final ConfigOption<Integer> MAX_SIZE = key("sluice.cluster.cache.max-size")
            .intType()
            .defaultValue(64)
            .withDescription("Cluster clients kept at most; the least recently used is closed beyond that.");

    public static final ConfigOption<Boolean> POOLED_CONNECTIONS = key("sluice.cluster.rest.pooled-connections")
            .booleanType()
            .defaultValue(true)
            .withDescription("With reuse on, send REST requests to the JobManager over pooled keep-alive connections;"
                    + " false uses Flink's REST client, which opens a connection per request.");

    public static final ConfigOption<Integer> MAX_CONNECTIONS_PER_ADDRESS =
            key("sluice.cluster.rest.max-connections-per-address")
                    .intType()
                    .defaultValue(32)
                    .withDescription(
                            "Pooled connections open at most to one JobManager REST address; requests beyond that wait"
                                    + " for a free connection up to Flink's rest.connection-timeout.");

    public static final ConfigOption<Duration> CONNECTION_IDLE_TIMEOUT =
            key("sluice.cluster.rest.connection-idle-timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(30))
                    .withDescription(
                            "A pooled connection unused this long is closed. Keep it below the JobManager's"
                                    + " rest.idleness-timeout (5 min by default), so the gateway, not the server, closes idle connections.");

    public static final ConfigOption<Integer> IO_THREADS = key("sluice.cluster.rest.io-threads")
            .intType()
            .defaultValue(2)
            .withDescription("Event-loop threads of each cluster's pooled REST connections.");

    public static final ConfigOption<ObjectMapperScope> OBJECT_MAPPER = key("sluice.cluster.rest.object-mapper")
            .enumType(ObjectMapperScope.class)
            .defaultValue(ObjectMapperScope.SHARED)
            .withDescription("JSON mappers of the pooled REST transport: SHARED uses Flink's process-wide REST mappers;"
                    + " THREAD_LOCAL a copy per thread (measured no faster, see docs/benchmarks.md).");

    private SessionCacheOptions() {}
}
