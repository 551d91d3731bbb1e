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
    NO_SUCH_CONNECTION(1, "08003"),
    SYNTAX_ERROR(0x0002, "42000"),
    VALIDATION_ERROR(0x0003, "42000"),
    UNSUPPORTED_OPERATION(0x0004, "0A000"),
    NO_SUCH_STATEMENT(0x0005, "HY010"),
    NO_OPEN_RESULT(0x0006, "24000"),
    UNKNOWN_CLUSTER(0x0007, "08001"),
    MALFORMED_REQUEST(0x0008, "08S01"),
    INVALID_PARAMETER_VALUE(0x0009, "22023"),
    STATEMENT_CANCELED(0x000A, "HY008"),
    /** The request's credentials were missing or wrong; the message names the method, never whether the user exists. */
    AUTHENTICATION_FAILED(0x000B, "28000"),
    /** {@code ADD JAR} or a function from a jar outside the allowed locations: code that would run in the gateway. */
    USER_CODE_NOT_ALLOWED(0x000C, "42501"),
    /** A connection id that a client could guess (not a random UUID), refused so that nobody can guess it. */
    PREDICTABLE_CONNECTION_ID(0x000D, "08001"),
    /** An Avatica connection id that names an open connection was opened again (SQL's "connection name in use"). */
    DUPLICATE_CONNECTION(0x0010, "08002"),
    /** The client stopped fetching a statement's rows for longer than the gateway keeps an open result. */
    RESULT_IDLE_TIMEOUT(0x0011, "HY008"),
    /** {@code STOP JOB} names a job that the session's cluster does not list (SQL's "undefined object"). */
    NO_SUCH_JOB(0x0020, "42704"),
    /** {@code STOP JOB} names a job that no session of the user started (SQL's "insufficient privilege"). */
    JOB_NOT_OWNED(0x0021, "42501"),
    /** {@code STOP JOB} names a job that has ended already. */
    JOB_ENDED(0x0022, "55000"),
    /** {@code STOP JOB ... WITH SAVEPOINT} where neither the cluster nor the session names a savepoint directory. */
    NO_SAVEPOINT_DIRECTORY(0x0023, "55000"),
    GENERIC_INTERNAL_ERROR(0x1_0000, "HY000"),
    INVALID_CONFIGURATION(0x1_0001, "HY000"),
    CLUSTER_UNAVAILABLE(0x2_0001, "08006"),
    QUERY_FAILED(0x2_0002, "HY000"),
    QUERY_TIMEOUT(0x2_0003, "HYT00"),
    /** Waited longer for the cluster's admission than its deadline allowed; it did not run. */
    ADMISSION_TIMEOUT(0x2_0004, "HYT00"),
    /** The cluster took a job's submission but did not answer it before the statement's deadline. */
    CLUSTER_NOT_ANSWERING(0x2_0005, "HYT00"),
    /**
     * The job that carried the query together with others failed after the query's first rows were answered; the
     * cause may be another query's, so it is not shown, and running the query again may succeed.
     */
    SHARED_JOB_FAILED(0x2_0006, "40001"),
    /** The cluster did not cancel or stop a job that {@code STOP JOB} named, or did not answer in time. */
    JOB_STOP_FAILED(0x2_0010, "HY000"),
    TOO_MANY_CONNECTIONS(0x3_0001, "08004"),
    RESULT_TOO_LARGE(0x3_0002, "54000"),
    /** The cluster's admission queue is full; retrying later may succeed. */
    CLUSTER_BUSY(0x3_0003, "53000"),
    /** The user already has as many open sessions as a user may. */
    USER_LIMIT_REACHED(0x3_0004, "08004"),
    /** The user already has as many statements running at once as a user may; retrying later may succeed. */
    USER_STATEMENT_LIMIT_REACHED(0x3_0005, "53000"),
    /** A statement longer than the gateway accepts; refused before it is lexed. */
    STATEMENT_TOO_LONG(0x3_0010, "54000");

    private final int code;
    private final String sqlState;

    SluiceErrorCode(int code, String sqlState) {
        this.code = code;
        this.sqlState = sqlState;
    }

    /** The vendor code that clients receive as {@code SQLException.getErrorCode()}. */
    public int code() {
        return code;
    }

    public String sqlState() {
        return sqlState;
    }

    /** Whether this is a fault of the gateway itself (the internal range), which an operator should look into. */
    public boolean internal() {
        return code >= 0x1_0000 && code < 0x2_0000;
    }
}
