package dev.sluice.jobs;

import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.ExponentialDelayConfig;
import dev.sluice.retry.ResultPoller;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.core.execution.JobClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static java.util.Objects.requireNonNull;

/**
 * Cancels a job and waits until it has ended, for a gateway that stops: a job left running would be failed by the
 * embedded cluster's shutdown, and a cancel request still in flight would be cut off by the closing REST client, both
 * with warnings on the cluster's side.
 */
public final class JobCancellation {
    private static final Logger LOG = LoggerFactory.getLogger(JobCancellation.class);

    private static final CollectStrategy STATUS_POLLS = CollectStrategy.exponentialDelay(new ExponentialDelayConfig(
            Duration.ofMillis(5), Duration.ofMillis(100), 2.0, CollectStrategy.UNBOUNDED_ATTEMPTS));

    private JobCancellation() {}

    /**
     * Asks the cluster to cancel {@code job} and does not wait: a cancel from a client, or of a result nobody reads, must
     * return at once. A refusal (the job ended already, the cluster cannot be reached) is said at DEBUG and completes
     * the returned future exceptionally, for a caller that has something to let go of then.
     */
    public static CompletableFuture<Void> request(JobClient job) {
        requireNonNull(job, "job is null");
        return job.cancel().whenComplete((ignored, failure) -> {
            if (failure != null) {
                LOG.debug("Cancelling job {} failed; it may have ended already", job.getJobID(), failure);
            }
        });
    }

    /**
     * Cancels {@code job} on {@code cluster} and waits until it is in a globally terminal state, at most
     * {@code timeout}. A job that had ended already is not an error: its status says how it ended.
     *
     * @return the status it ended in; empty if it did not end in time or the cluster did not answer (said at DEBUG)
     */
    public static Optional<JobStatus> cancelAndAwait(
            ClusterClients clients, ClusterEndpoint cluster, JobID job, Duration timeout) {
        requireNonNull(clients, "clients is null");
        requireNonNull(cluster, "cluster is null");
        requireNonNull(job, "job is null");
        long deadline = System.nanoTime() + timeout.toNanos();
        try (ClusterClient<?> client = clients.provider(cluster).getClusterClient()) {
            try {
                client.cancel(job).get(remainingNanos(deadline), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                LOG.debug("Cancelling job {} of cluster '{}' failed; it may have ended", job, cluster.name(), e);
            }
            JobStatus status = ResultPoller.create(
                            "end of cancelled job " + job,
                            STATUS_POLLS,
                            (JobStatus polled) -> !polled.isGloballyTerminalState())
                    .poll(() -> status(client, job), Duration.ofNanos(remainingNanos(deadline)));
            return Optional.of(status);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (TimeoutException | RuntimeException e) { // PollFailedException when it did not end in time
            LOG.debug("Job {} of cluster '{}' was not seen to end after its cancel", job, cluster.name(), e);
            return Optional.empty();
        }
    }

    private static long remainingNanos(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    private static JobStatus status(ClusterClient<?> client, JobID job) {
        try {
            return client.getJobStatus(job).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading the status of job " + job, e);
        } catch (ExecutionException e) {
            throw new JobFailedException("Cannot get the status of job " + job, e.getCause());
        }
    }
}
