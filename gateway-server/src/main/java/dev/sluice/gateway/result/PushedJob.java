package dev.sluice.gateway.result;

import dev.sluice.session.JobEndWatcher;
import org.apache.flink.core.execution.JobClient;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * The job that pushes one or more queries' rows, watched once however many queries it carries: its end, and who may
 * cancel it. A job that carries several queries is cancelled only when none of them needs it any more, and only if
 * one of them let go before its end (the others' sinks end the job on their own).
 */
public final class PushedJob {
    private final JobClient client;
    private final CompletableFuture<?> termination;
    private final int queries;
    private final AtomicInteger needing;
    private final AtomicBoolean abandoned = new AtomicBoolean();

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
        return new PushedJob(client, jobEnds.watch(client).end(), queries);
    }

    public JobClient client() {
        return client;
    }

    /** Completes when the job ended, exceptionally with its cause when it failed or was cancelled. */
    public CompletableFuture<?> termination() {
        return termination;
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
