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

    /** @param submitter the client that submitted the job, from {@code provider} */
    SessionJobClient(
            ClusterClientProvider<StandaloneClusterId> provider,
            JobID jobId,
            ClassLoader userCodeClassLoader,
            ClusterClient<StandaloneClusterId> submitter) {
        super(provider, jobId, userCodeClassLoader);
        requireNonNull(provider, "provider is null");
        if (submitter instanceof NonClosingClusterClient<StandaloneClusterId> wrapper) {
            // the cluster's shared client, the one that submitted the job, is kept: asked through the provider after
            // the gateway closed its clients, the cache would open a new one that nobody closes. Once the shared
            // client is closed (the gateway stops, or it was idle), the job's lifetime stays unknown.
            ClusterClient<StandaloneClusterId> shared = wrapper.shared();
            this.lifetime = new JobLifetimeReader(jobId, () -> details(shared, jobId));
        } else {
            // a client per call (reuse off, stock Flink's way): a client, its leader retriever and its threads for one
            // request per job would weigh on the very comparison that mode is for
            this.lifetime = JobLifetimeReader.unavailable(
                    jobId, "the gateway opens a REST client per call (sluice.cluster.reuse is off)");
        }
    }

    /** Reads the job's lifetime once it ended. */
    public JobLifetimeReader lifetime() {
        return lifetime;
    }

    /** One {@code GET /jobs/:jobid}. */
    private static CompletableFuture<JobDetailsInfo> details(ClusterClient<StandaloneClusterId> client, JobID jobId) {
        if (!(client instanceof RestClusterClient<StandaloneClusterId> rest)) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException(
                    "The cluster's client (" + client.getClass().getName() + ") cannot read a job's details"));
        }
        return rest.getJobDetails(jobId);
    }
}
