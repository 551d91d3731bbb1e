package dev.sluice.sessioncache.rest;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the pooled keep-alive connections to a cluster's JobManager; reference: docs/configuration.md. */
public final class RestConnectionOptions {
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

    private RestConnectionOptions() {}
}
