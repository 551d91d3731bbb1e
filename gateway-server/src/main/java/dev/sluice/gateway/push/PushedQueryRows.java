package dev.sluice.gateway.push;

import dev.sluice.jobs.JobCancellation;
import dev.sluice.jobs.JobEndWatcher;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * A query's pushed rows as the session reads them: the shape of the session's {@code QueryRows}, so that wiring is
 * a delegate. The result is complete at the sink's end of result, not when the job has wound down; closing before
 * that cancels the job. Not thread-safe.
 */
public final class PushedQueryRows implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PushedQueryRows.class);

    private final PushedResult<RowData> result;
    private final Function<RowData, Row> toRow;
    private final PushedJob job;
    private final CompletableFuture<?> jobTermination;
    private final AtomicBoolean released = new AtomicBoolean();

    /**
     * Also makes the job's failure (or a finish without the end of the result) fail the result.
     *
     * @param toRow from the plan ({@code PushQueryPlan.newRowConverter()})
     * @param jobEnds watches the job's end, for all pushed queries of the gateway
     */
    public PushedQueryRows(
            PushedResult<RowData> result, Function<RowData, Row> toRow, JobClient job, JobEndWatcher jobEnds) {
        this(result, toRow, PushedJob.watched(job, jobEnds, 1));
    }

    /**
     * Reads the rows of one of the queries {@code job} carries. When the job carries others too, its failure fails
     * this result without the job's cause, which may be another query's (and show another session's data).
     */
    public PushedQueryRows(PushedResult<RowData> result, Function<RowData, Row> toRow, PushedJob job) {
        this.result = requireNonNull(result, "result is null");
        this.toRow = requireNonNull(toRow, "toRow is null");
        this.job = requireNonNull(job, "job is null");
        this.jobTermination = job.termination();
        job.attach(result);
        if (job.isShared()) {
            jobTermination.whenComplete((ignored, failure) -> {
                if (failure != null) {
                    failForTheSharedJob(failure);
                } else {
                    result.failWhenJobEnds(jobTermination);
                }
            });
        } else {
            result.failWhenJobEnds(jobTermination);
        }
    }

    /**
     * Fails the result for the failure of the job it shares with other queries: with the job's cause if this query's
     * own task failed it, else without the cause, which is another query's and may show another session's data.
     */
    private void failForTheSharedJob(Throwable jobFailure) {
        long resultId = result.ticket().resultId();
        job.failingTaskName().whenComplete((task, askFailure) -> {
            boolean known = askFailure == null && task.isPresent();
            if (known && SharedSinkNames.runs(task.get(), resultId)) {
                LOG.debug("Job {} failed in result {}'s own task", job.client().getJobID(), resultId);
                result.failWhenJobEnds(jobTermination);
                return;
            }
            LOG.info(
                    "Job {}, which carried {} queries, failed before the end of result {}, in {}",
                    job.client().getJobID(),
                    job.queries(),
                    resultId,
                    known
                            ? "task " + task.get()
                            : askFailure != null
                                    ? "a task not known, as the job's exceptions could not be read: " + askFailure
                                    : "a task the cluster did not name",
                    jobFailure);
            result.fail(new SharedJobFailedException(job.queries(), known));
        });
    }

    /** Whether the query's job carries other queries too. */
    public boolean isSharedJob() {
        return job.isShared();
    }

    /**
     * Waits until the result ended or failed, or its sink is held back, at most {@code timeout}: see {@link
     * PushedResult#awaitEndOrFailure}.
     */
    public Optional<RuntimeException> awaitEndOrFailure(Duration timeout) {
        return result.awaitEndOrFailure(timeout);
    }

    /** See {@link PushedResult#next}; an empty list only at the end. */
    public List<Row> next(int maxRows, Duration timeout) {
        List<RowData> batch = result.next(maxRows, timeout);
        List<Row> rows = new ArrayList<>(batch.size());
        for (RowData row : batch) {
            rows.add(toRow.apply(row));
        }
        return rows;
    }

    public boolean isDone() {
        return result.isDone();
    }

    /** See {@link PushedResult#awaitFirstSink}. */
    public Optional<RuntimeException> awaitFirstSink(Duration timeout) {
        return result.awaitFirstSink(timeout);
    }

    /** See {@link PushedResult#firstRowArrivalNanos}. */
    public long firstRowArrivalNanos() {
        return result.firstRowArrivalNanos();
    }

    /** See {@link PushedResult#endArrivalNanos}. */
    public long endArrivalNanos() {
        return result.endArrivalNanos();
    }

    /**
     * Releases the result; a job whose result was not read to the end is cancelled, and its sink's connection is read
     * (and its rows dropped) until the job has stopped, so that the job ends CANCELED rather than failing on a closed
     * connection. Never throws.
     */
    @Override
    public void close() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        boolean beforeItsEnd = !result.isDone() && !jobTermination.isDone();
        boolean cancel = job.release(beforeItsEnd);
        // a job known to have ended is not cancelled: the JobManager would log the refusal as an ERROR
        if (!beforeItsEnd) {
            result.close();
        } else if (job.isShared()) {
            // the job goes on for the other queries it carries: this one's sink must not be cut off
            result.discardUntilStopped(jobTermination);
        } else {
            result.closeWhenStopped(jobTermination);
        }
        if (cancel) {
            JobCancellation.request(job.client()).whenComplete((ignored, failure) -> {
                if (failure != null) {
                    // it ended already, or the cluster cannot be reached: nothing is worth keeping the connection for
                    result.close();
                }
            });
        }
    }
}
