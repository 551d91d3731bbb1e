package dev.sluice.jobs;

import dev.sluice.sessioncache.ExecutionGraphCacheTtl;
import dev.sluice.sessioncache.NonClosingClusterClient;
import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.ClusterClientJobClientAdapter;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.messages.JobExceptionsHeaders;
import org.apache.flink.runtime.rest.messages.JobExceptionsInfoWithHistory;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;
import org.apache.flink.runtime.rest.messages.job.JobExceptionsMessageParameters;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

import static java.util.Objects.requireNonNull;

/**
 * Flink's job client for a job a session submitted, which also reads the job's own lifetime from the cluster once it
 * has ended (see {@link JobLifetimeReader}).
 */
public final class SubmittedJobClient extends ClusterClientJobClientAdapter<StandaloneClusterId> {
    // the JobManager's cache expires on its own clock, checked when asked: a little past the expiry is surely past it
    static final Duration CACHE_EXPIRY_MARGIN = Duration.ofMillis(100);

    private final JobLifetimeReader lifetime;
    private final @Nullable ClusterClient<StandaloneClusterId> shared;
    private final ExecutionGraphCacheTtl cacheTtl;

    /** @param submitter the client that submitted the job, from {@code provider} */
    SubmittedJobClient(
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
            ClusterClient<StandaloneClusterId> sharedClient = wrapper.shared();
            this.shared = sharedClient;
            this.cacheTtl = wrapper.cacheTtl();
            // captures the client, not this job client: a statement's history entry keeps the reader, and this job
            // client would keep its provider and its user code's class loader with it
            this.lifetime = new JobLifetimeReader(jobId, () -> details(sharedClient, jobId), cacheTtl);
        } else {
            // a client per call (reuse off, stock Flink's way): a client, its leader retriever and its threads for one
            // request per job would weigh on the very comparison that mode is for
            this.shared = null;
            this.cacheTtl = ExecutionGraphCacheTtl.known(ExecutionGraphCacheTtl.FLINK_DEFAULT);
            this.lifetime = JobLifetimeReader.unavailable(
                    jobId, "the gateway opens a REST client per call (sluice.cluster.reuse is off)");
        }
    }

    /** Reads the job's lifetime once it ended. */
    public JobLifetimeReader lifetime() {
        return lifetime;
    }

    /**
     * The name of the task whose failure failed the job, from the job's exception history on the cluster ({@code GET
     * /jobs/:jobid/exceptions}): for a job whose tasks are several queries' pipelines, whose query failed it. Empty if
     * the job did not fail in a task (a failure of the JobManager's own, a cancellation) or the cluster keeps no
     * history; exceptionally if the cluster could not be asked.
     *
     * <p>The JobManager answers from its cache of the job (see {@link ExecutionGraphCacheTtl}): if a request for the
     * job's details filled it while the job ran, the history is empty until it expires, so an empty history is asked
     * again once after that.
     */
    public CompletableFuture<Optional<String>> failingTaskName() {
        return askFailingTaskName()
                .thenCompose(task -> task.isPresent()
                        ? CompletableFuture.completedFuture(task)
                        : cacheTtl.ttl().thenCompose(ttl -> {
                            Executor afterExpiry = CompletableFuture.delayedExecutor(
                                    ttl.plus(CACHE_EXPIRY_MARGIN).toNanos(), TimeUnit.NANOSECONDS);
                            return CompletableFuture.supplyAsync(this::askFailingTaskName, afterExpiry)
                                    .thenCompose(Function.identity());
                        }));
    }

    /** One {@code GET /jobs/:jobid/exceptions}. */
    private CompletableFuture<Optional<String>> askFailingTaskName() {
        if (!(shared instanceof RestClusterClient<StandaloneClusterId> rest)) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException(
                    "The gateway opens a REST client per call (sluice.cluster.reuse is off) and keeps none to ask"
                            + " job " + getJobID() + "'s exceptions with"));
        }
        JobExceptionsMessageParameters parameters = new JobExceptionsMessageParameters();
        parameters.jobPathParameter.resolve(getJobID());
        return rest.sendRequest(JobExceptionsHeaders.getInstance(), parameters, EmptyRequestBody.getInstance())
                .thenApply(SubmittedJobClient::firstFailingTask);
    }

    private static Optional<String> firstFailingTask(JobExceptionsInfoWithHistory exceptions) {
        // a task's failure that fails a job is often recorded as a failure of the whole job ("Recovery is suppressed"),
        // with no task, and the task's own failure among its concurrent exceptions: the earliest failure of a task is
        // the one that failed the job (a job restarted before it failed has several)
        return exceptions.getExceptionHistory().getEntries().stream()
                .flatMap(root -> Stream.concat(Stream.of(root), root.getConcurrentExceptions().stream()))
                .filter(failure -> failure.getTaskName() != null)
                .min(Comparator.comparingLong(JobExceptionsInfoWithHistory.ExceptionInfo::getTimestamp))
                .map(JobExceptionsInfoWithHistory.ExceptionInfo::getTaskName);
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
