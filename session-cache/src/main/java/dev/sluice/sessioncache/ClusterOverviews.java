package dev.sluice.sessioncache;

import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.runtime.messages.webmonitor.JobDetails;
import org.apache.flink.runtime.messages.webmonitor.MultipleJobsDetails;
import org.apache.flink.runtime.rest.handler.legacy.messages.ClusterOverviewWithVersion;
import org.apache.flink.runtime.rest.messages.ClusterConfigurationInfoHeaders;
import org.apache.flink.runtime.rest.messages.ConfigurationInfo;
import org.apache.flink.runtime.rest.messages.ConfigurationInfoEntry;
import org.apache.flink.runtime.rest.messages.EmptyMessageParameters;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.messages.JobsOverviewHeaders;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/** Reads a cluster's overview (task managers, slots, jobs) from its REST API. */
public final class ClusterOverviews {
    // an overview is one small REST call; a cluster slower than this is treated as not answering
    private static final long TIMEOUT_SECONDS = 5;

    private ClusterOverviews() {}

    /**
     * The total task slots of {@code cluster}, free or not.
     *
     * @throws ClusterUnavailableException if the cluster does not answer
     */
    public static int totalTaskSlots(ClusterClients clients, ClusterEndpoint cluster) {
        return capacity(clients, cluster).totalSlots();
    }

    /**
     * Every job the cluster's JobManager knows, running or ended, newest first.
     *
     * @throws ClusterUnavailableException if the cluster does not answer
     */
    public static List<ClusterJob> jobs(ClusterClients clients, ClusterEndpoint cluster) {
        MultipleJobsDetails details = call(
                clients,
                cluster,
                rest -> rest.sendRequest(
                        JobsOverviewHeaders.getInstance(),
                        EmptyMessageParameters.getInstance(),
                        EmptyRequestBody.getInstance()));
        return details.getJobs().stream()
                .sorted(Comparator.comparingLong(JobDetails::getStartTime).reversed())
                .map(job -> new ClusterJob(
                        job.getJobId().toHexString(),
                        job.getJobName(),
                        job.getStatus().name(),
                        Instant.ofEpochMilli(job.getStartTime()),
                        Duration.ofMillis(Math.max(0, job.getDuration()))))
                .toList();
    }

    /**
     * The value the cluster's JobManager was configured with for {@code key}; empty when its configuration does not
     * set the key (Flink's default applies).
     *
     * @throws ClusterUnavailableException if the cluster does not answer
     */
    public static Optional<String> configuredValue(ClusterClients clients, ClusterEndpoint cluster, String key) {
        ConfigurationInfo configuration = call(clients, cluster, ClusterOverviews::configuration);
        return configuration.stream()
                .filter(entry -> entry.getKey().equals(key))
                .map(ConfigurationInfoEntry::getValue)
                .findFirst();
    }

    /**
     * The task managers and slots of {@code cluster} now; also how readiness and the web page learn that a cluster
     * answers.
     *
     * @throws ClusterUnavailableException if the cluster does not answer within a few seconds
     */
    public static ClusterCapacity capacity(ClusterClients clients, ClusterEndpoint cluster) {
        ClusterOverviewWithVersion overview = call(clients, cluster, RestClusterClient::getClusterOverview);
        return new ClusterCapacity(
                overview.getNumTaskManagersConnected(), overview.getNumSlotsTotal(), overview.getNumSlotsAvailable());
    }

    /** The configuration the cluster's JobManager was started with: one {@code GET /jobmanager/config}. */
    static CompletableFuture<ConfigurationInfo> configuration(RestClusterClient<?> rest) {
        return rest.sendRequest(
                ClusterConfigurationInfoHeaders.getInstance(),
                EmptyMessageParameters.getInstance(),
                EmptyRequestBody.getInstance());
    }

    /** One REST call through the cluster's shared client. */
    private static <T> T call(
            ClusterClients clients,
            ClusterEndpoint cluster,
            Function<RestClusterClient<?>, CompletableFuture<T>> call) {
        try (ClusterClient<?> client = clients.provider(cluster).getClusterClient()) {
            ClusterClient<?> target = client instanceof NonClosingClusterClient<?> shared ? shared.shared() : client;
            if (!(target instanceof RestClusterClient<?> rest)) {
                throw new IllegalStateException("Cluster '" + cluster.name() + "' has no REST client: " + target);
            }
            return call.apply(rest).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterUnavailableException(cluster, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new ClusterUnavailableException(cluster, e);
        }
    }
}
