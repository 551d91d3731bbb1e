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

    private SessionCacheOptions() {}
}
