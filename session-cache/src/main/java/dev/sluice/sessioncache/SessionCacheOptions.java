package dev.sluice.sessioncache;

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

    private SessionCacheOptions() {}
}
