package dev.sluice.planner;

/** What runs a statement: the gateway itself, the session's options, or Flink. */
public enum StatementRoute {
    /** {@code SHOW QUERY HISTORY}: answered by the gateway from the session's history of statements. */
    QUERY_HISTORY,
    /**
     * {@code SHOW JOBS}: answered by the gateway from the jobs the session's cluster lists, because Flink's
     * TableEnvironment cannot run it ("ShowJobsOperation doesn't support ExecutableOperation yet").
     */
    CLUSTER_JOBS,
    /**
     * {@code SHOW QUERIES}: answered by the gateway from the running statements of the sessions whose owner is the
     * caller, without a job.
     */
    RUNNING_QUERIES,
    /**
     * {@code STOP JOB} ({@link StopJobStatement}): the gateway cancels or stops one of the cluster's jobs for the user
     * whose session started it, because Flink's TableEnvironment cannot run the statement either.
     */
    STOP_JOB,
    /** Sluice's {@code SHOW PRIMARY KEYS} ({@link PrimaryKeysStatement}): answered by the gateway from the catalogs. */
    PRIMARY_KEYS,
    /**
     * A {@code SELECT} or {@code VALUES} that names no table: answered by the gateway if Flink's validator finds its
     * rows constant ({@code dev.sluice.planner.plan.ConstantQueries}), else run as a job like any query.
     */
    CONSTANT_CANDIDATE,
    /**
     * {@code ADD JAR}, {@code REMOVE JAR}, a function {@code USING JAR} ({@link UserCodeStatement}): code from a jar,
     * which the gateway allows only from configured locations and then hands to Flink.
     */
    USER_CODE,
    /** {@code SET} or {@code RESET} ({@link SessionOptionStatement}): changes or lists the session's options. */
    SESSION_OPTION,
    /** Everything else: executed by Flink, as a job (queries, DML) or by Flink itself (DDL, SHOW, USE, ...). */
    FLINK;

    /** Whether the gateway answers the statement without handing it to Flink. */
    public boolean answeredByGateway() {
        return this == QUERY_HISTORY
                || this == PRIMARY_KEYS
                || this == CLUSTER_JOBS
                || this == RUNNING_QUERIES
                || this == STOP_JOB;
    }
}
