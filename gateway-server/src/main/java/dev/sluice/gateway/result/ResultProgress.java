package dev.sluice.gateway.result;

/**
 * How far the reading of a job's result got, for the query's phases: the same questions whichever way the rows
 * travel (collected through the JobManager or pushed by the job's sink). Read from another thread.
 */
public interface ResultProgress {
    /** The {@link System#nanoTime()} at which the first row reached the gateway, or -1 while none has. */
    long firstRowAtNanos();

    /** The {@link System#nanoTime()} at which the end of the result reached the gateway, or -1 while it has not. */
    long endedAtNanos();

    /** How often the gateway asked the cluster for rows: 0 when the job's sink pushes them. */
    int polls();

    /**
     * The progress as it is now, holding nothing else: a finished statement's history entry keeps this, not the result
     * it read, whose buffers, serializers and connections would otherwise live as long as the entry.
     */
    static ResultProgress frozen(ResultProgress progress) {
        return new Frozen(progress.firstRowAtNanos(), progress.endedAtNanos(), progress.polls());
    }

    /** A progress that no longer moves. */
    record Frozen(long firstRowAtNanos, long endedAtNanos, int polls) implements ResultProgress {}
}
