package dev.sluice.gateway.result;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.planner.flink.DataFaults;
import dev.sluice.planner.flink.FlinkStatementFaults;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.flink.runtime.client.JobCancellationException;
import org.apache.flink.runtime.client.JobExecutionException;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which {@link SluiceErrorCode} a failure is reported under. The rule: walk the failure's cause chain outermost first,
 * each exception once (a cycle of causes ends the walk), and let the first exception that answers decide:
 *
 * <ol>
 *   <li>a Sluice exception ({@link SluiceError}) answers with its own code;
 *   <li>an exception of another library answers if its class, or its nearest superclass that does, is in the table
 *       below (kept by class name: Calcite's classes live in the planner's own class loader);
 *   <li>else the rules for exceptions whose class alone does not tell: Flink's statement faults (a stack overflow in
 *       its planner, a missing catalog) and a cluster that cannot be reached (a refused connection, no leader).
 * </ol>
 *
 * A job that failed, or a failure nothing answered for, whose chain holds a fault of the data ({@link DataFaults}) is
 * reported as that data error (22xxx), with its message.
 *
 * Outermost first because a wrapper knows more than what it wraps: Sluice's exceptions are thrown by code that judged
 * the failure. A failure where nothing answers is {@link SluiceErrorCode#GENERIC_INTERNAL_ERROR}.
 */
public final class ErrorCodeLookup {
    private static final Map<String, SluiceErrorCode> BY_CLASS_NAME = byClassName();

    private ErrorCodeLookup() {}

    /** The code of {@code failure}, with the exception of its chain that decided it. */
    public static Match classify(Throwable failure) {
        for (Throwable exception : ExceptionChain.of(failure)) {
            Optional<SluiceErrorCode> code = codeOf(exception);
            if (code.isPresent()) {
                return code.get() == SluiceErrorCode.QUERY_FAILED
                        ? dataFaultOr(new Match(code.get(), exception), failure)
                        : new Match(code.get(), exception);
            }
        }
        return dataFaultOr(new Match(SluiceErrorCode.GENERIC_INTERNAL_ERROR, failure), failure);
    }

    /**
     * A job that failed, or a failure nothing answered for, caused by the data ({@link DataFaults}: a value that does
     * not convert, a division by zero) is the statement's data error, not the cluster's or the gateway's.
     */
    private static Match dataFaultOr(Match otherwise, Throwable failure) {
        return DataFaults.find(failure)
                .map(found -> new Match(found.code(), found.exception()))
                .orElse(otherwise);
    }

    /** The code of {@code exception} alone, not looking at its causes. */
    public static Optional<SluiceErrorCode> codeOf(Throwable exception) {
        if (exception instanceof SluiceError sluice) {
            return Optional.of(sluice.errorCode());
        }
        for (Class<?> type = exception.getClass(); type != null; type = type.getSuperclass()) {
            SluiceErrorCode code = BY_CLASS_NAME.get(type.getName());
            if (code != null) {
                return Optional.of(code);
            }
        }
        Optional<SluiceErrorCode> statementFault = FlinkStatementFaults.find(exception);
        if (statementFault.isPresent()) {
            return statementFault;
        }
        if (ClusterUnavailableException.saysUnreachable(exception)) {
            return Optional.of(SluiceErrorCode.CLUSTER_UNAVAILABLE);
        }
        return Optional.empty();
    }

    private static Map<String, SluiceErrorCode> byClassName() {
        Map<String, SluiceErrorCode> codes = new HashMap<>(FlinkStatementFaults.byClassName());
        // a job that ran and failed; what failed it is in its causes and in the message
        codes.put(JobExecutionException.class.getName(), SluiceErrorCode.QUERY_FAILED);
        // a job that was cancelled (by its statement's cancel, a closed result or STOP JOB) did not fail
        codes.put(JobCancellationException.class.getName(), SluiceErrorCode.STATEMENT_CANCELED);
        // thrown by the gateway and by Flink for what they do not implement (transactions, some statements)
        codes.put(UnsupportedOperationException.class.getName(), SluiceErrorCode.UNSUPPORTED_OPERATION);
        return Map.copyOf(codes);
    }

    /** A failure's code and the exception in its chain that answered for it. */
    public record Match(SluiceErrorCode code, Throwable decidedBy) {}
}
