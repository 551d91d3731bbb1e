package dev.sluice.jobs;

import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.ResultPoller;
import dev.sluice.retry.Sleeper;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.runtime.client.JobInitializationException;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.util.SerializedThrowable;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Waits until a submitted job has left {@code INITIALIZING}, so that a job that fails while initializing is reported
 * as a submission error, as Flink's session executor does. Flink polls on a 50 ms to 2 s exponential schedule, and a
 * job is almost always still initializing at the first poll, so every short query paid at least 50 ms; Sluice polls
 * on the session's collect strategy.
 */
final class JobStartWait {
    private final ResultPoller<JobStatus> poller;
    // the poller's: each call of the wait is bounded on the clock its deadline is measured on
    private final LongSupplier nanoClock;

    JobStartWait(CollectStrategy strategy, LongSupplier nanoClock) {
        this(new ResultPoller<>("job-start", strategy, JobStartWait::isInitializing, Sleeper.system(), nanoClock));
    }

    /** @param poller polls job status until {@link #isInitializing} is false; tests give one with a fake sleeper */
    JobStartWait(ResultPoller<JobStatus> poller) {
        this.poller = requireNonNull(poller, "poller is null");
        this.nanoClock = poller.nanoClock();
    }

    CollectStrategy strategy() {
        return poller.strategy();
    }

    static boolean isInitializing(JobStatus status) {
        return status == JobStatus.INITIALIZING;
    }

    /**
     * Returns once job {@code jobId} runs (or has ended).
     *
     * @param deadline how long the job may take to initialize
     * @throws JobInitializationException if the job failed while initializing, with its cause
     */
    void await(ClusterClient<?> client, JobID jobId, ClassLoader classLoader, Duration deadline)
            throws JobInitializationException {
        requireNonNull(client, "client is null");
        long endNanos = nanoClock.getAsLong() + deadline.toNanos();
        JobStatus status = poller.poll(() -> join(client.getJobStatus(jobId), endNanos), deadline);
        if (status == JobStatus.FAILED) {
            JobResult result = join(client.requestJobResult(jobId), endNanos);
            Optional<SerializedThrowable> failure = result.getSerializedThrowable();
            if (failure.isPresent()) {
                throw new JobInitializationException(
                        jobId, "Job failed while initializing", failure.get().deserializeError(classLoader));
            }
        }
    }

    /** One call's answer, waited for no later than {@code endNanos}: a JobManager that hangs must not hold the wait. */
    private <T> T join(CompletableFuture<T> future, long endNanos) {
        try {
            return future.get(Math.max(1, endNanos - nanoClock.getAsLong()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new ClusterSilentException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException("Interrupted while waiting for the cluster", e);
        } catch (ExecutionException e) {
            throw new CompletionException(e.getCause());
        }
    }

    /** The cluster did not answer a call of the wait before its deadline. */
    static final class ClusterSilentException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ClusterSilentException(TimeoutException cause) {
            super("The cluster did not answer before the deadline", cause);
        }
    }
}
