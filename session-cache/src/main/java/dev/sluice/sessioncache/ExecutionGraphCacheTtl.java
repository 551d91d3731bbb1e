package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.rest.messages.ConfigurationInfo;
import org.apache.flink.runtime.rest.messages.ConfigurationInfoEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * How long a cluster's JobManager answers a job's details and exception history from its cache rather than from the
 * job: Flink's {@code rest.cache.execution-graph.timeout} if the cluster sets it, else its {@code web.refresh-interval}
 * (3 s by default), the rule of Flink's own REST handlers. Asked of the cluster once ({@code GET /jobmanager/config}),
 * when first needed.
 *
 * <p>Why the gateway cares: details or exceptions asked while a job still ran are answered unchanged for that long, so
 * whoever needs the job's end in them (its lifetime, the task that failed it) must ask again after it. A gateway that
 * assumed Flink's default would give up too early on a cluster configured otherwise.
 *
 * <p>Until the cluster has answered, and if it cannot be asked, Flink's default is used, and asked again next time.
 * Thread-safe.
 */
public final class ExecutionGraphCacheTtl {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutionGraphCacheTtl.class);

    /** The cache's lifetime on a cluster that sets neither option. */
    public static final Duration FLINK_DEFAULT = WebOptions.REFRESH_INTERVAL.defaultValue();

    private final String clusterName;
    private final Supplier<CompletableFuture<ConfigurationInfo>> configuration;
    private final AtomicReference<CompletableFuture<Duration>> read = new AtomicReference<>();

    /** @param configuration asks the cluster's JobManager configuration, one request per call */
    public ExecutionGraphCacheTtl(String clusterName, Supplier<CompletableFuture<ConfigurationInfo>> configuration) {
        this.clusterName = requireNonNull(clusterName, "clusterName is null");
        this.configuration = requireNonNull(configuration, "configuration is null");
    }

    /** A cache lifetime known without asking, for clients that cannot ask (and for tests). */
    public static ExecutionGraphCacheTtl known(Duration ttl) {
        ExecutionGraphCacheTtl known = new ExecutionGraphCacheTtl(
                "(known)", () -> CompletableFuture.failedFuture(new IllegalStateException("not asked")));
        known.read.set(CompletableFuture.completedFuture(requireNonNull(ttl, "ttl is null")));
        return known;
    }

    /**
     * The cache's lifetime on the cluster: asked on the first call; Flink's default when the cluster could not tell it
     * (then asked again on the next call). Never completes exceptionally.
     */
    public CompletableFuture<Duration> ttl() {
        CompletableFuture<Duration> asked = new CompletableFuture<>();
        if (!read.compareAndSet(null, asked)) {
            return read.get();
        }
        CompletableFuture<ConfigurationInfo> request;
        try {
            request = configuration.get();
        } catch (RuntimeException e) {
            request = CompletableFuture.failedFuture(e);
        }
        request.whenComplete((info, failure) -> {
            if (failure != null) {
                read.compareAndSet(asked, null);
                LOG.debug(
                        "Cluster '{}' did not tell how long it caches job details; assuming Flink's default {}",
                        clusterName,
                        FLINK_DEFAULT,
                        failure);
                asked.complete(FLINK_DEFAULT);
                return;
            }
            Duration ttl;
            try {
                ttl = of(info);
            } catch (RuntimeException e) {
                // a value Flink itself would have refused at the JobManager's start; not expected
                LOG.warn("Cluster '{}' caches job details for a time the gateway cannot read", clusterName, e);
                ttl = FLINK_DEFAULT;
            }
            if (!ttl.equals(FLINK_DEFAULT)) {
                LOG.info(
                        "Cluster '{}' caches job details and exceptions for {}: the gateway asks again after that",
                        clusterName,
                        ttl);
            }
            asked.complete(ttl);
        });
        return asked;
    }

    /** The cache's lifetime under the JobManager configuration {@code info}, by Flink's rule. */
    static Duration of(ConfigurationInfo info) {
        Map<String, String> values = new HashMap<>();
        for (ConfigurationInfoEntry entry : info) {
            values.put(entry.getKey(), entry.getValue());
        }
        Configuration configuration = Configuration.fromMap(values);
        return configuration
                .getOptional(RestOptions.CACHE_EXECUTION_GRAPH_TIMEOUT)
                .orElseGet(() -> configuration.get(WebOptions.REFRESH_INTERVAL));
    }
}
