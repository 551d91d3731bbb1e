package dev.sluice.gateway.result;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.errors.SluiceErrorCode;

import java.util.Locale;
import java.util.Optional;

/**
 * How a statement ended, as {@code /metrics} and the query history count it: a statement that was cancelled or ran out
 * of time is not a failure of the statement, and an operator reads the three apart. A failure's outcome derives from
 * the {@link SluiceErrorCode} the client is told ({@link #of(SluiceErrorCode)}), so the two never disagree on what a
 * code means.
 */
public enum QueryOutcome {
    /** It ran to its end and its whole result was read. */
    SUCCESS,
    /** It failed: its SQL, its job or its cluster. */
    FAILURE,
    /** Its result was closed before the end, or its job or its wait for admission was cancelled. */
    CANCELLED,
    /** It waited longer than its timeout allows, for admission, for its job, for its rows or for the cluster. */
    TIMEOUT;

    /** The value of the {@code outcome} label. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The outcome of a statement that ended with {@code failure}: a cancellation or a timeout anywhere in its causes
     * (each cause's code as {@link ErrorCodeLookup#codeOf} reads it; the outermost such cause decides), else a failure.
     * Anywhere, not only the exception that decides the SQLState: a query whose job was cancelled under it is reported
     * to its client by the wrapper that noticed, but it was still cancelled.
     */
    public static QueryOutcome of(Throwable failure) {
        for (Throwable exception : ExceptionChain.of(failure)) {
            Optional<SluiceErrorCode> code = ErrorCodeLookup.codeOf(exception);
            if (code.isPresent() && of(code.get()) != FAILURE) {
                return of(code.get());
            }
        }
        return FAILURE;
    }

    /** The outcome of a statement that failed with {@code code}. */
    public static QueryOutcome of(SluiceErrorCode code) {
        return switch (code) {
            case QUERY_TIMEOUT, ADMISSION_TIMEOUT, CLUSTER_NOT_ANSWERING, PLANNING_TIMEOUT -> TIMEOUT;
            case STATEMENT_CANCELED, RESULT_IDLE_TIMEOUT -> CANCELLED;
            case NO_SUCH_CONNECTION,
                    SYNTAX_ERROR,
                    VALIDATION_ERROR,
                    UNSUPPORTED_OPERATION,
                    NO_SUCH_STATEMENT,
                    NO_OPEN_RESULT,
                    UNKNOWN_CLUSTER,
                    MALFORMED_REQUEST,
                    INVALID_PARAMETER_VALUE,
                    AUTHENTICATION_FAILED,
                    USER_CODE_NOT_ALLOWED,
                    DATA_ACCESS_DENIED,
                    NOT_AUTHORIZED,
                    PREDICTABLE_CONNECTION_ID,
                    DUPLICATE_CONNECTION,
                    NO_SUCH_JOB,
                    JOB_NOT_OWNED,
                    JOB_ENDED,
                    NO_SAVEPOINT_DIRECTORY,
                    WRITES_NOT_UNDONE,
                    READ_ONLY_CONNECTION,
                    DIVISION_BY_ZERO,
                    INVALID_CHARACTER_VALUE,
                    DATA_EXCEPTION,
                    GENERIC_INTERNAL_ERROR,
                    INVALID_CONFIGURATION,
                    CLUSTER_UNAVAILABLE,
                    QUERY_FAILED,
                    SHARED_JOB_FAILED,
                    JOB_STOP_FAILED,
                    TOO_MANY_CONNECTIONS,
                    RESULT_TOO_LARGE,
                    CLUSTER_BUSY,
                    USER_LIMIT_REACHED,
                    USER_STATEMENT_LIMIT_REACHED,
                    SESSION_STILL_PLANNING,
                    PLANNING_THREADS_BUSY,
                    STATEMENT_TOO_LONG,
                    STATEMENT_TOO_COMPLEX -> FAILURE;
        };
    }
}
