package dev.sluice.jobs;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.ResultPoller;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.accumulators.SerializedListAccumulator;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.operators.coordination.CoordinationRequestGateway;
import org.apache.flink.streaming.api.operators.collect.AbstractCollectResultBuffer;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationRequest;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationResponse;
import org.apache.flink.streaming.api.operators.collect.CollectSinkFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Reads a job's result from its collect sink through the session cluster's shared client, waiting between empty polls
 * as the session's collect strategy says.
 *
 * <p>It speaks the same coordination protocol as Flink's {@code CollectResultFetcher} (a
 * {@link CollectCoordinationRequest} with the buffer's version and offset to the sink's coordinator while the job runs,
 * then the rest from the sink's accumulator once it has ended), and keeps Flink's result buffer, which enforces the
 * protocol's exactly-once rules. It differs where the waiting is: Flink sleeps a hard-coded 100 ms after every empty
 * poll; this reader waits on a {@link ResultPoller}, so a short query's rows are read a millisecond or two after they
 * exist. An attempt asks the coordinator first and the job status only when the coordinator could not answer (the job
 * is starting, or has ended), so a poll of a running job costs one REST call, where Flink's costs two. Failures are not swallowed: a coordinator request may fail while the job is starting
 * or ending, and then the status decides; a status request that fails ends the read with that failure.
 *
 * <p>Not thread-safe: one statement reads one result at a time.
 *
 * @param <T> the rows of the result as the sink serialised them
 */
public final class CollectResultReader<T> implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CollectResultReader.class);

    private final CollectSinkHandle<T> sink;
    private final JobClient jobClient;
    private final CoordinationRequestGateway coordinator;
    private final ResultPoller<Progress> poller;
    // the poller's: the result's moments are stamped on the clock its waits are measured on
    private final LongSupplier nanoClock;
    private final ArrayDeque<T> ready = new ArrayDeque<>();
    private long firstRowNanos = -1;
    private long endNanos = -1;
    private volatile int attempts; // read by SHOW QUERY HISTORY from another thread
    private boolean ended;
    private boolean closed;

    /** What one poll of the cluster found. */
    public enum Progress {
        ROWS,
        ENDED,
        NOTHING_YET;

        static boolean notReady(Progress progress) {
            return progress == NOTHING_YET;
        }
    }

    /**
     * @param jobClient the job whose collect sink {@code sink} describes; must also be a
     *     {@link CoordinationRequestGateway}, as every job client of a session cluster is
     * @param poller waits between empty polls; build it with {@link #poller}
     */
    public CollectResultReader(CollectSinkHandle<T> sink, JobClient jobClient, ResultPoller<Progress> poller) {
        this.sink = requireNonNull(sink, "sink is null");
        this.jobClient = requireNonNull(jobClient, "jobClient is null");
        if (!(jobClient instanceof CoordinationRequestGateway gateway)) {
            throw new IllegalArgumentException(
                    "Job client " + jobClient.getClass().getName()
                            + " cannot send coordination requests, so results cannot be read through it");
        }
        this.coordinator = gateway;
        this.poller = requireNonNull(poller, "poller is null");
        this.nanoClock = poller.nanoClock();
    }

    /** A poller for readers that waits as {@code strategy} says; immutable, so one may serve many readers. */
    public static ResultPoller<Progress> poller(CollectStrategy strategy) {
        return ResultPoller.create("query result", strategy, Progress::notReady);
    }

    public JobID jobId() {
        return jobClient.getJobID();
    }

    /**
     * Returns the next rows, at most {@code maxRows}, waiting until at least one exists or the result ends.
     *
     * @param timeout how long to wait for the first row; when it passes the job is cancelled
     * @return an empty list only when the result has ended
     * @throws dev.sluice.retry.DeadlineExceededException when {@code timeout} passed (the job has been cancelled)
     * @throws dev.sluice.retry.RetryExhaustedException when the strategy's attempts ran out (the job has been
     *     cancelled)
     * @throws JobFailedException when the job failed, with the cluster's cause
     */
    public List<T> next(int maxRows, Duration timeout) {
        if (maxRows <= 0) {
            throw new IllegalArgumentException("maxRows must be positive, was " + maxRows);
        }
        if (closed) {
            throw new IllegalStateException("The result of job " + jobId() + " has been closed");
        }
        if (ready.isEmpty() && !ended) {
            try {
                poller.poll(this::pollCluster, timeout);
            } catch (RuntimeException e) {
                cancelJob(); // a result nobody waits for must not keep running on the cluster
                throw e;
            }
        }
        List<T> rows = new ArrayList<>(Math.min(maxRows, ready.size()));
        while (rows.size() < maxRows && !ready.isEmpty()) {
            rows.add(ready.poll());
        }
        return rows;
    }

    /** Whether every row has been returned by {@link #next}. */
    public boolean isDone() {
        return ended && ready.isEmpty();
    }

    /** Polls made to the cluster so far. */
    public int attempts() {
        return attempts;
    }

    /** When the first row reached the gateway (on its poller's clock), or -1 before that. */
    public long firstRowAtNanos() {
        return firstRowNanos;
    }

    /** When the gateway learned that the result had ended (on its poller's clock), or -1 before that. */
    public long endedAtNanos() {
        return endNanos;
    }

    /** Releases the result; a job that has not ended is cancelled. Never throws. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        ready.clear();
        if (!ended) {
            cancelJob();
        }
    }

    private Progress pollCluster() {
        attempts++;
        Exception coordinatorFailure = null;
        long offset = sink.buffer().getOffset();
        try {
            CollectCoordinationResponse response = requestFromCoordinator(offset);
            sink.buffer().dealWithResponse(response, offset);
            if (moveBufferedRows()) {
                return Progress.ROWS;
            }
            // the coordinator answered, so the job runs: its status would say nothing new, and asking would double
            // the requests every waiting query makes of the JobManager
            return Progress.NOTHING_YET;
        } catch (ExecutionException e) {
            // expected while the job starts or has just ended; the status below tells which
            coordinatorFailure = e;
        } catch (IOException e) {
            throw new IllegalStateException("The collect sink of job " + jobId() + " answered out of protocol", e);
        }
        JobStatus status;
        try {
            status = await(jobClient.getJobStatus());
        } catch (ExecutionException e) {
            if (coordinatorFailure != null) {
                e.addSuppressed(coordinatorFailure);
            }
            throw new JobFailedException("Cannot get the status of job " + jobId(), e.getCause());
        }
        if (!status.isGloballyTerminalState()) {
            if (coordinatorFailure != null) {
                LOG.debug("Job {} is {} and its collect sink is not ready yet", jobId(), status, coordinatorFailure);
            }
            return Progress.NOTHING_YET;
        }
        readAccumulator();
        ended = true;
        endNanos = nanoClock.getAsLong();
        moveBufferedRows();
        return ready.isEmpty() ? Progress.ENDED : Progress.ROWS;
    }

    private CollectCoordinationResponse requestFromCoordinator(long offset) throws ExecutionException {
        CollectCoordinationRequest request =
                new CollectCoordinationRequest(sink.buffer().getVersion(), offset);
        return (CollectCoordinationResponse) await(coordinator.sendCoordinationRequest(sink.operatorUid(), request));
    }

    /** The rows the sink kept until the job ended; a job that did not finish fails with its cause. */
    private void readAccumulator() {
        JobExecutionResult result;
        try {
            result = jobClient
                    .getJobExecutionResult()
                    .get(sink.resultFetchTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobFailedException("Interrupted while reading the result of job " + jobId(), e);
        } catch (ExecutionException e) {
            throw new JobFailedException("Job " + jobId() + " failed", e.getCause());
        } catch (TimeoutException e) {
            throw new JobFailedException(
                    "Job " + jobId() + " ended but its result did not arrive within " + sink.resultFetchTimeout(), e);
        }
        List<byte[]> accumulated = result.getAccumulatorResult(sink.accumulatorName());
        if (accumulated == null) {
            throw new JobFailedException("Job " + jobId() + " ended without a result (was it cancelled?)", null);
        }
        try {
            byte[] serialized = SerializedListAccumulator.deserializeList(
                            new ArrayList<>(accumulated), BytePrimitiveArraySerializer.INSTANCE)
                    .get(0);
            Tuple2<Long, CollectCoordinationResponse> rest =
                    CollectSinkFunction.deserializeAccumulatorResult(serialized);
            sink.buffer().dealWithResponse(rest.f1, rest.f0);
            sink.buffer().complete();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("The final result of job " + jobId() + " cannot be read", e);
        }
    }

    private boolean moveBufferedRows() {
        AbstractCollectResultBuffer<T> buffer = sink.buffer();
        boolean moved = false;
        for (T row = buffer.next(); row != null; row = buffer.next()) {
            ready.add(row);
            moved = true;
        }
        if (moved && firstRowNanos < 0) {
            firstRowNanos = nanoClock.getAsLong();
        }
        return moved;
    }

    private void cancelJob() {
        ended = true;
        jobClient.cancel().whenComplete((ignored, failure) -> {
            if (failure != null && !isAlreadyEnded(failure)) {
                LOG.warn("Cancelling job {} failed; it may still run on the cluster", jobId(), failure);
            }
        });
    }

    private static boolean isAlreadyEnded(Throwable failure) {
        return ExceptionChain.of(failure).stream()
                .map(Throwable::getMessage)
                .anyMatch(message ->
                        message != null && (message.contains("not found") || message.contains("globally terminal")));
    }

    private static <R> R await(CompletableFuture<R> future) throws ExecutionException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobFailedException("Interrupted while waiting for the cluster", e);
        }
    }
}
