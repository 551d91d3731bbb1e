package dev.sluice.gateway.push;

import dev.sluice.jobs.JobEndWatcher;
import dev.sluice.jobs.SubmittedJobClient;
import org.apache.flink.core.execution.JobClient;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static java.util.Objects.requireNonNull;

/**
 * The job that pushes one or more queries' rows, watched once however many queries it carries: its end, and who may
 * cancel it. A job that carries several queries is cancelled only when none of them needs it any more, and only if
 * one of them let go before its end (the others' sinks end the job on their own).
 */
public final class PushedJob {
    // how long after the last sink's end the job is taken to have ended, for asking its details rather than its status
    private static final long SETTLE_NANOS = Duration.ofMillis(30).toNanos();

    private final JobClient client;
    private final CompletableFuture<?> termination;
    private final int queries;
    private final AtomicInteger needing;
    private final AtomicBoolean abandoned = new AtomicBoolean();

    private final List<PushedResult<?>> results = new CopyOnWriteArrayList<>();
    private final AtomicReference<CompletableFuture<Optional<String>>> failingTask = new AtomicReference<>();

    private PushedJob(JobClient client, CompletableFuture<?> termination, int queries) {
        this.client = requireNonNull(client, "client is null");
        this.termination = requireNonNull(termination, "termination is null");
        if (queries < 1) {
            throw new IllegalArgumentException("queries must be at least 1, was " + queries);
        }
        this.queries = queries;
        this.needing = new AtomicInteger(queries);
    }

    /**
     * A job that carries {@code queries} queries, watched by {@code jobEnds} from now on.
     *
     * @param queries the queries whose sinks it runs; each must {@link #release} it once
     */
    public static PushedJob watched(JobClient client, JobEndWatcher jobEnds, int queries) {
        JobEndWatcher.Watch watch = jobEnds.watch(client);
        PushedJob job = new PushedJob(client, watch.end(), queries);
        watch.askDetailsOnceResultsEnded(job::allResultsEnded);
        return job;
    }

    /** A result of one of the job's queries; each query's reader attaches its own once. */
    void attach(PushedResult<?> result) {
        results.add(requireNonNull(result, "result is null"));
    }

    /**
     * Whether the sink of every query of the job sent the end of its result a while ago: the job ends a few
     * milliseconds after its last sink, and details asked before that would come back stale from the JobManager's
     * cache for its web refresh interval.
     */
    private boolean allResultsEnded() {
        if (results.size() < queries) {
            return false;
        }
        long now = System.nanoTime();
        for (PushedResult<?> result : results) {
            long ended = result.endArrivalNanos();
            if (ended < 0 || now - ended < SETTLE_NANOS) {
                return false;
            }
        }
        return true;
    }

    public JobClient client() {
        return client;
    }

    /** Completes when the job ended, exceptionally with its cause when it failed or was cancelled. */
    public CompletableFuture<?> termination() {
        return termination;
    }

    /**
     * The name of the task whose failure failed the job, asked of the cluster once however many of its queries ask:
     * empty if the cluster keeps no such task for it, exceptionally if it could not be asked.
     */
    CompletableFuture<Optional<String>> failingTaskName() {
        CompletableFuture<Optional<String>> asked = new CompletableFuture<>();
        if (!failingTask.compareAndSet(null, asked)) {
            return failingTask.get();
        }
        if (!(client instanceof SubmittedJobClient sessionJob)) {
            asked.complete(Optional.empty());
            return asked;
        }
        // a history still cached from the job's run is asked again once the cluster's cache has expired
        sessionJob.failingTaskName().whenComplete((task, failure) -> {
            if (failure != null) {
                asked.completeExceptionally(failure);
            } else {
                asked.complete(task);
            }
        });
        return asked;
    }

    /** How many queries the job carries. */
    public int queries() {
        return queries;
    }

    public boolean isShared() {
        return queries > 1;
    }

    /**
     * One query no longer needs the job; call once per query.
     *
     * @param beforeItsEnd whether the query let go before the end of its result
     * @return whether the job should be cancelled now: no query needs it, one let go before its end, and it runs on
     */
    boolean release(boolean beforeItsEnd) {
        if (beforeItsEnd) {
            abandoned.set(true);
        }
        return needing.decrementAndGet() == 0 && abandoned.get() && !termination.isDone();
    }
}
