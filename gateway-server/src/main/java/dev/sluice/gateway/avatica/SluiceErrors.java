package dev.sluice.gateway.avatica;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.result.ErrorCodeLookup;
import dev.sluice.planner.flink.FlinkStatementFaults;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one place where exceptions become Avatica errors with a {@link SluiceErrorCode} and SQLState; which code a
 * failure gets is {@link ErrorCodeLookup}'s answer, the message is worded here.
 *
 * <p>Avatica turns any exception that is not an {@link AvaticaRuntimeException} into code -1 and SQLState
 * {@code 00000}, which clients cannot act on (Python's phoenixdb raises {@code InternalError} for it). Both request
 * handlers route every failure through {@link #translate(Throwable)}.
 */
public final class SluiceErrors {
    private static final Logger LOG = LoggerFactory.getLogger(SluiceErrors.class);
    private static final StackTraceElement[] NO_STACK_TRACE = new StackTraceElement[0];

    private SluiceErrors() {}

    /**
     * Returns an Avatica error for {@code failure}, without a stack trace; never throws. Avatica sends the stack
     * trace of the exception it is given to the client, and the gateway's stack traces are nobody's business but its
     * operator's: an internal error is logged with a new error id, which its message quotes.
     */
    public static AvaticaRuntimeException translate(Throwable failure) {
        if (failure instanceof AvaticaRuntimeException avatica) {
            avatica.setStackTrace(NO_STACK_TRACE);
            return avatica;
        }
        ErrorCodeLookup.Match match = ErrorCodeLookup.classify(failure);
        SluiceErrorCode code = match.code();
        if (code.internal()) {
            String errorId = newErrorId();
            LOG.error("Internal error {}: {}", errorId, internalMessage(failure), failure);
            return toAvatica(
                    code, "Internal error in the gateway; the gateway's log has its details under error id " + errorId);
        }
        String message = message(match, failure);
        LOG.debug("Request failed with {}: {}", code, message, failure);
        return toAvatica(code, message);
    }

    /** An Avatica error without a stack trace, which Avatica would otherwise send to the client. */
    public static AvaticaRuntimeException toAvatica(SluiceErrorCode code, String message) {
        AvaticaRuntimeException error =
                new AvaticaRuntimeException(message, code.code(), code.sqlState(), AvaticaSeverity.ERROR);
        error.setStackTrace(NO_STACK_TRACE);
        return error;
    }

    /** A short random id that ties an error a client saw to the gateway's log entry; not a secret. */
    public static String newErrorId() {
        return String.format("%016x", ThreadLocalRandom.current().nextLong());
    }

    private static String message(ErrorCodeLookup.Match match, Throwable failure) {
        Throwable decidedBy = match.decidedBy();
        return switch (match.code()) {
            case SYNTAX_ERROR, VALIDATION_ERROR -> FlinkStatementFaults.message(failure);
            case QUERY_FAILED -> "Query failed on the cluster: " + deepestMessage(failure);
            case DIVISION_BY_ZERO, INVALID_CHARACTER_VALUE, DATA_EXCEPTION ->
                "Invalid data: "
                        + (decidedBy.getMessage() != null
                                ? decidedBy.getMessage()
                                : decidedBy.getClass().getSimpleName());
            case CLUSTER_UNAVAILABLE ->
                decidedBy instanceof ClusterUnavailableException
                        ? decidedBy.getMessage()
                        : "Flink session cluster is unreachable: " + deepestMessage(failure);
            default -> String.valueOf(decidedBy.getMessage());
        };
    }

    private static String internalMessage(Throwable failure) {
        return failure + rootCause(failure);
    }

    private static String rootCause(Throwable failure) {
        Throwable root = ExceptionChain.root(failure);
        return root == failure ? "" : " (caused by " + root + ")";
    }

    private static String deepestMessage(Throwable failure) {
        Throwable root = ExceptionChain.root(failure);
        return root instanceof IOException || root.getMessage() == null ? root.toString() : root.getMessage();
    }
}
