package dev.sluice.errors;

/**
 * Every error the gateway reports, with a stable code and its SQLState: the one place on the server side where
 * SQLStates are written. Codes are numbered by range: user errors from 0x0000, internal from 0x1_0000, external
 * systems (the Flink cluster) from 0x2_0000, resources from 0x3_0000.
 *
 * <p>SQLStates take the standard class where one exists (42 syntax or access rule, 0A unsupported, 08 connection, 22
 * data, 24 cursor state, 53 insufficient resources, 54 program limit), else the common HYT00 (timeout), HY008 (canceled), HY010 (sequence) and
 * the fallback HY000; never {@code 00000}, which says success.
 */
public enum SluiceErrorCode {
    /** Code 1 is Avatica's "missing connection" ({@code Service.ErrorResponse.MISSING_CONNECTION_ERROR_CODE}). */
    NO_SUCH_CONNECTION(1, "08003", "The connection is not open at the gateway: closed, expired or never opened"),
    SYNTAX_ERROR(0x0002, "42000", "The statement does not parse"),
    VALIDATION_ERROR(
            0x0003,
            "42000",
            "The statement parses but does not validate: an unknown table, column or function, a type mismatch"),
    UNSUPPORTED_OPERATION(
            0x0004,
            "0A000",
            "What the gateway or Flink does not support (transactions, some statements and JDBC calls)"),
    NO_SUCH_STATEMENT(0x0005, "HY010", "The statement is not open in its connection"),
    NO_OPEN_RESULT(0x0006, "24000", "A fetch of a statement that has no open result"),
    UNKNOWN_CLUSTER(0x0007, "08001", "The connection names a cluster the gateway does not serve"),
    MALFORMED_REQUEST(0x0008, "08S01", "A request the gateway cannot read as the Avatica protocol"),
    INVALID_PARAMETER_VALUE(0x0009, "22023", "A bad value for an option or a parameter"),
    STATEMENT_CANCELED(0x000A, "HY008", "The statement, its job or its wait for admission was cancelled"),
    AUTHENTICATION_FAILED(
            0x000B,
            "28000",
            "The request's credentials were missing or wrong; the message names the method, never whether the user exists"),
    USER_CODE_NOT_ALLOWED(
            0x000C,
            "42501",
            "`ADD JAR` or a function from a jar outside the allowed locations: code that would run in the gateway"),
    DATA_ACCESS_DENIED(
            0x000E,
            "42501",
            "A connector, catalog type, location or option that the data-access policy (`sluice.security.data.*`) does not allow the statement to declare, read or write"),
    NOT_AUTHORIZED(
            0x000F,
            "42501",
            "The authorization rules (`sluice.security.authorization.rules-file`) grant the user no privilege for what the statement does to a table of a shared catalog"),
    PREDICTABLE_CONNECTION_ID(
            0x000D,
            "08001",
            "A connection id that a client could guess (not a random UUID), refused so that nobody can guess it"),
    /** An Avatica connection id that names an open connection was opened again (SQL's "connection name in use"). */
    DUPLICATE_CONNECTION(0x0010, "08002", "An Avatica connection id that names an open connection was opened again"),
    RESULT_IDLE_TIMEOUT(
            0x0011,
            "HY008",
            "The client stopped fetching a statement's rows for longer than the gateway keeps an open result"),
    NO_SUCH_JOB(0x0020, "42704", "`STOP JOB` names a job that the session's cluster does not list"),
    JOB_NOT_OWNED(0x0021, "42501", "`STOP JOB` names a job that no session of the user started"),
    JOB_ENDED(0x0022, "55000", "`STOP JOB` names a job that has ended already"),
    NO_SAVEPOINT_DIRECTORY(
            0x0023,
            "55000",
            "`STOP JOB ... WITH SAVEPOINT` where neither the cluster nor the session names a savepoint directory"),
    WRITES_NOT_UNDONE(
            0x0024,
            "25000",
            "`rollback()` with auto-commit off after statements that wrote data since the last commit: Flink has no transactions, so they took effect when they ran"),
    READ_ONLY_CONNECTION(
            0x0025,
            "25006",
            "A statement that may write data or change a catalog (DML, DDL, the unclassified) on a connection set read-only (`setReadOnly(true)`)"),
    DIVISION_BY_ZERO(0x0026, "22012", "The statement divided by zero, while planning (constants) or in its job (data)"),
    INVALID_CHARACTER_VALUE(
            0x0027,
            "22018",
            "A value that does not convert to its type: a cast of text that is not a number, a file's field that does not parse as its column's type"),
    DATA_EXCEPTION(
            0x0028,
            "22000",
            "Other data the statement cannot process: a date or time that does not parse, arithmetic out of range"),
    GENERIC_INTERNAL_ERROR(0x1_0000, "HY000", "A fault of the gateway itself; its log has the details"),
    INVALID_CONFIGURATION(0x1_0001, "HY000", "The gateway's configuration is invalid"),
    CLUSTER_UNAVAILABLE(0x2_0001, "08006", "The Flink cluster cannot be reached (refused, no leader, unknown host)"),
    QUERY_FAILED(0x2_0002, "HY000", "The statement's job failed on the cluster"),
    QUERY_TIMEOUT(
            0x2_0003,
            "HYT00",
            "The statement ran out of time (`sluice.query.timeout` or `setQueryTimeout`); its job is cancelled"),
    ADMISSION_TIMEOUT(
            0x2_0004, "HYT00", "Waited longer for the cluster's admission than its deadline allowed; it did not run"),
    CLUSTER_NOT_ANSWERING(
            0x2_0005,
            "HYT00",
            "The cluster took a job's submission but did not answer it before the statement's deadline"),
    SHARED_JOB_FAILED(
            0x2_0006,
            "40001",
            "The job that carried the query with others failed after the query's first rows; the cause may be another query's, and running it again may succeed"),
    JOB_STOP_FAILED(
            0x2_0010,
            "HY000",
            "The cluster did not cancel or stop a job that `STOP JOB` named, or did not answer in time"),
    TOO_MANY_CONNECTIONS(0x3_0001, "08004", "The gateway has as many open connections as it allows"),
    RESULT_TOO_LARGE(0x3_0002, "54000", "A result larger than the gateway keeps in memory for one statement"),
    CLUSTER_BUSY(0x3_0003, "53000", "The cluster's admission queue is full; retrying later may succeed"),
    USER_LIMIT_REACHED(0x3_0004, "08004", "The user already has as many open sessions as a user may"),
    USER_STATEMENT_LIMIT_REACHED(
            0x3_0005,
            "53000",
            "The user already has as many statements running at once as a user may; retrying later may succeed"),
    SESSION_STILL_PLANNING(
            0x3_0006,
            "53000",
            "The connection's session still plans a statement that its client no longer waits for (it passed `sluice.query.max-planning-time`, or was cancelled); it runs no job, and the session takes statements again once it has ended"),
    PLANNING_THREADS_BUSY(
            0x3_0007,
            "53000",
            "Every planning thread of the gateway is busy (there are as many as RPC threads and sessions); retrying later may succeed"),
    STATEMENT_TOO_LONG(0x3_0010, "54000", "A statement longer than the gateway accepts; refused before it is lexed"),
    STATEMENT_TOO_COMPLEX(
            0x3_0011,
            "54001",
            "An expression larger than the planner takes (an `IN` list, a `CASE`, an operator chain, a list); refused before it is parsed"),
    PLANNING_TIMEOUT(
            0x3_0012,
            "HYT00",
            "The statement planned for longer than `sluice.query.max-planning-time`; its client is answered at once and it runs no job, while Flink's planner, which cannot be stopped, plans on to its end");

    private final int code;
    private final String sqlState;
    private final String meaning;

    SluiceErrorCode(int code, String sqlState, String meaning) {
        this.code = code;
        this.sqlState = sqlState;
        this.meaning = meaning;
    }

    /** The vendor code that clients receive as {@code SQLException.getErrorCode()}. */
    public int code() {
        return code;
    }

    public String sqlState() {
        return sqlState;
    }

    /** What the error means, in one sentence, as the generated table of docs/errors.md shows it. */
    public String meaning() {
        return meaning;
    }

    /** Whether this is a fault of the gateway itself (the internal range), which an operator should look into. */
    public boolean internal() {
        return code >= 0x1_0000 && code < 0x2_0000;
    }
}
