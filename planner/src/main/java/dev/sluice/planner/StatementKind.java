package dev.sluice.planner;

/** What a SQL statement does, which decides how the gateway runs it and what the client gets back. */
public enum StatementKind {
    /** {@code SELECT}, {@code WITH}, {@code VALUES}, {@code TABLE}: rows come back from a job. */
    QUERY(true),
    /**
     * {@code INSERT}, {@code UPDATE}, {@code DELETE}, {@code EXECUTE} (statement sets and plans), and the
     * {@code BEGIN STATEMENT SET} and {@code END} of Flink's SQL client: a job whose result is a count.
     */
    DML(false),
    /**
     * {@code CREATE} (with {@code AS SELECT} too), {@code REPLACE TABLE ... AS}, {@code DROP}, {@code ALTER},
     * {@code ANALYZE}, {@code TRUNCATE}, module loading: catalog changes.
     */
    DDL(false),
    /** {@code SET} with a key and a value changes a session option; without one it lists them. */
    SET(false),
    /** {@code RESET} of one session option or of all of them. */
    RESET(false),
    /** {@code SHOW ...}: answered from the catalog. */
    SHOW(true),
    /** {@code DESCRIBE} or {@code DESC}: answered from the catalog. */
    DESCRIBE(true),
    /** {@code EXPLAIN}: the plan as text. */
    EXPLAIN(true),
    /** {@code USE} a catalog, database or modules. */
    USE(false),
    /** Anything else: handed to Flink's parser, which decides. */
    OTHER(false);

    private final boolean returnsRows;

    StatementKind(boolean returnsRows) {
        this.returnsRows = returnsRows;
    }

    /**
     * Whether the statement may change the session's catalogs, current catalog or database, or options, so that
     * answers cached from them are stale afterwards.
     */
    public boolean changesSessionState() {
        return switch (this) {
            case DDL, SET, RESET, USE, OTHER -> true;
            case QUERY, DML, SHOW, DESCRIBE, EXPLAIN -> false;
        };
    }

    /** Whether the statement always answers with a result set rather than an update count. */
    public boolean returnsRows() {
        return returnsRows;
    }
}
