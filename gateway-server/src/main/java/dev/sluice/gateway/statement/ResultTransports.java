package dev.sluice.gateway.statement;

import dev.sluice.gateway.push.ResultEndpointServer;
import dev.sluice.gateway.push.ResultOptions;
import dev.sluice.gateway.push.ResultTransport;
import dev.sluice.jobs.JobJars;
import dev.sluice.sessioncache.ClusterEndpoint;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * How each cluster's query results reach the gateway: pushed to the result endpoint when the gateway's transport is
 * {@link ResultTransport#PUSH}, unless the cluster's TaskManagers were found unable to reach the endpoint; then, and
 * with {@link ResultTransport#COLLECT}, collected through the JobManager. Shared by every session; thread-safe.
 */
public final class ResultTransports {
    private static final Logger LOG = LoggerFactory.getLogger(ResultTransports.class);

    private final ResultTransport transport;
    private final @Nullable ResultEndpointServer endpoint;
    private final Map<String, JobJars> pushSinkJars;
    private final Set<String> collectOnly = ConcurrentHashMap.newKeySet();

    private ResultTransports(
            ResultTransport transport, @Nullable ResultEndpointServer endpoint, Map<String, JobJars> pushSinkJars) {
        this.transport = requireNonNull(transport, "transport is null");
        this.endpoint = endpoint;
        this.pushSinkJars = Map.copyOf(pushSinkJars);
    }

    /**
     * Every result pushed to {@code endpoint}, for clusters that can reach it.
     *
     * @param pushSinkJars by cluster name: what a pushed query's job must carry for its TaskManagers to have the push
     *     sink ({@link JobJars#NONE} where the cluster has it installed); a cluster not named here carries nothing
     */
    public static ResultTransports push(ResultEndpointServer endpoint, Map<String, JobJars> pushSinkJars) {
        return new ResultTransports(ResultTransport.PUSH, requireNonNull(endpoint, "endpoint is null"), pushSinkJars);
    }

    /** Every result collected through the JobManager. */
    public static ResultTransports collect() {
        return new ResultTransports(ResultTransport.COLLECT, null, Map.of());
    }

    /** The jars the jobs of {@code cluster} carry so that their results can be pushed; none for collected results. */
    public JobJars jobJarsFor(ClusterEndpoint cluster) {
        return transport == ResultTransport.PUSH
                ? pushSinkJars.getOrDefault(cluster.name(), JobJars.NONE)
                : JobJars.NONE;
    }

    /** The result endpoint, when the gateway's transport is push. */
    public Optional<ResultEndpointServer> endpoint() {
        return Optional.ofNullable(endpoint);
    }

    /** The endpoint that results of {@code cluster} are pushed to, or empty when they are collected. */
    Optional<ResultEndpointServer> pushEndpointFor(ClusterEndpoint cluster) {
        return transportOf(cluster.name()) == ResultTransport.PUSH ? Optional.ofNullable(endpoint) : Optional.empty();
    }

    /** How results of the cluster named {@code clusterName} reach the gateway now. */
    public ResultTransport transportOf(String clusterName) {
        return transport == ResultTransport.PUSH && !collectOnly.contains(clusterName)
                ? ResultTransport.PUSH
                : ResultTransport.COLLECT;
    }

    /**
     * Serves {@code cluster} by the collect path from now on, because its TaskManagers could not reach the result
     * endpoint; logged once per cluster, with the reason and the option that fixes it.
     */
    void collectOnly(ClusterEndpoint cluster, Throwable reason) {
        if (collectOnly.add(cluster.name())) {
            LOG.warn(
                    "Cluster '{}' cannot push results to the gateway ({}); its queries use the collect path from now"
                            + " on. Set {} to an address of this gateway that its TaskManagers can reach, and"
                            + " restart the gateway",
                    cluster.name(),
                    reason.getMessage(),
                    ResultOptions.ADVERTISED_ADDRESS.key());
        }
    }
}
