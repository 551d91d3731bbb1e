package dev.sluice.gateway.avatica;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.planner.flink.FlinkStatementFaults;
import dev.sluice.session.ClusterUnavailableException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

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

    private SluiceErrors() {}

    /** Returns an Avatica error for {@code failure}; never throws. */
    public static AvaticaRuntimeException translate(Throwable failure) {
        if (failure instanceof AvaticaRuntimeException avatica) {
            return avatica;
        }
        ErrorCodeLookup.Match match = ErrorCodeLookup.classify(failure);
        SluiceErrorCode code = match.code();
        String message = message(match, failure);
        if (code.internal()) {
            LOG.error("Internal error: {}", message, failure);
        } else {
            LOG.debug("Request failed with {}: {}", code, message, failure);
        }
        return toAvatica(code, message);
    }

    public static AvaticaRuntimeException toAvatica(SluiceErrorCode code, String message) {
        return new AvaticaRuntimeException(message, code.code(), code.sqlState(), AvaticaSeverity.ERROR);
    }

    private static String message(ErrorCodeLookup.Match match, Throwable failure) {
        Throwable decidedBy = match.decidedBy();
        return switch (match.code()) {
            case SYNTAX_ERROR, VALIDATION_ERROR -> FlinkStatementFaults.message(failure);
            case QUERY_FAILED -> "Query failed on the cluster: " + deepestMessage(failure);
            case CLUSTER_UNAVAILABLE ->
                decidedBy instanceof ClusterUnavailableException
                        ? decidedBy.getMessage()
                        : "Flink session cluster is unreachable: " + deepestMessage(failure);
            case GENERIC_INTERNAL_ERROR -> "Internal error in the gateway: " + failure + rootCause(failure);
            default -> String.valueOf(decidedBy.getMessage());
        };
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
