package dev.sluice.session;

import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.ClusterClientJobClientAdapter;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;

import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * Flink's job client for a job a session submitted, which also reads the job's own lifetime from the cluster once it
 * has ended (see {@link JobLifetimeReader}).
 */
public final class SessionJobClient extends ClusterClientJobClientAdapter<StandaloneClusterId> {
    private final JobLifetimeReader lifetime;

    SessionJobClient(
            ClusterClientProvider<StandaloneClusterId> provider, JobID jobId, ClassLoader userCodeClassLoader) {
        super(provider, jobId, userCodeClassLoader);
        requireNonNull(provider, "provider is null");
        this.lifetime = new JobLifetimeReader(jobId, () -> details(provider, jobId));
    }

    /** Reads the job's lifetime once it ended. */
    public JobLifetimeReader lifetime() {
        return lifetime;
    }

    /** One {@code GET /jobs/:jobid}; the client is closed when it answered, as Flink's job client does. */
    private static CompletableFuture<JobDetailsInfo> details(
            ClusterClientProvider<StandaloneClusterId> provider, JobID jobId) {
        ClusterClient<StandaloneClusterId> client = provider.getClusterClient();
        // the shared client of a cluster comes wrapped, so that its callers' close keeps it open
        ClusterClient<StandaloneClusterId> unwrapped =
                client instanceof NonClosingClusterClient<StandaloneClusterId> wrapper ? wrapper.shared() : client;
        if (!(unwrapped instanceof RestClusterClient<StandaloneClusterId> rest)) {
            client.close();
            return CompletableFuture.failedFuture(new UnsupportedOperationException(
                    "The cluster's client (" + client.getClass().getName() + ") cannot read a job's details"));
        }
        return rest.getJobDetails(jobId).whenComplete((details, failure) -> client.close());
    }
}
