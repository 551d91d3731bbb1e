package dev.sluice.jobs;

import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.ResultPoller;
import dev.sluice.retry.RetryExhaustedException;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;

import java.time.Duration;
import java.util.concurrent.ExecutionException;

import static java.util.Objects.requireNonNull;

/**
 * Waits until a job without a result to read (a DML statement's) has ended, polling its status on the session's
 * collect strategy. Flink's job client would poll the job's result on its own 10 ms to 2 s schedule, so a short
 * {@code INSERT} would wait at least 10 ms longer than it ran.
 *
 * <p>Immutable and safe to share between threads; each {@link #await} has its own attempt count.
 */
public final class JobEndWait {
    private final ResultPoller<JobStatus> poller;

    public JobEndWait(CollectStrategy strategy) {
        this(ResultPoller.create("job end", strategy, JobEndWait::isRunning));
    }

    /** @param poller polls job status until {@link #isRunning} is false; tests give one with a fake sleeper */
    JobEndWait(ResultPoller<JobStatus> poller) {
        this.poller = requireNonNull(poller, "poller is null");
    }

    public CollectStrategy strategy() {
        return poller.strategy();
    }

    static boolean isRunning(JobStatus status) {
        return !status.isGloballyTerminalState();
    }

    /**
     * Returns once {@code job} has ended, however it ended; its result is then read through the job client.
     *
     * @param timeout how long the job may still run
     * @return the status the job ended in
     * @throws DeadlineExceededException when {@code timeout} passed first; the job has been cancelled
     * @throws RetryExhaustedException when the strategy's attempts ran out first; the job has been cancelled
     * @throws JobFailedException when the job's status could not be read
     */
    public JobStatus await(JobClient job, Duration timeout) {
        requireNonNull(job, "job is null");
        try {
            return poller.poll(() -> status(job), timeout);
        } catch (DeadlineExceededException | RetryExhaustedException e) {
            job.cancel(); // a job nobody waits for must not keep running on the cluster
            throw e;
        }
    }

    private static JobStatus status(JobClient job) {
        try {
            return job.getJobStatus().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for job " + job.getJobID(), e);
        } catch (ExecutionException e) {
            throw new JobFailedException("Cannot get the status of job " + job.getJobID(), e.getCause());
        }
    }
}
