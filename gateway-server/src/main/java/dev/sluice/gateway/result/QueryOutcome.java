package dev.sluice.gateway.result;

import dev.sluice.jobs.QueryTimeoutException;
import dev.sluice.jobs.admission.AdmissionCancelledException;
import dev.sluice.jobs.admission.AdmissionTimeoutException;
import org.apache.flink.runtime.client.JobCancellationException;

import java.util.Locale;

/**
 * How a statement ended, as {@code /metrics} counts it: a statement that was cancelled or ran out of time is not a
 * failure of the statement, and an operator reads the three apart.
 */
public enum QueryOutcome {
    /** It ran to its end and its whole result was read. */
    SUCCESS,
    /** It failed: its SQL, its job or its cluster. */
    FAILURE,
    /** Its result was closed before the end, or its job or its wait for admission was cancelled. */
    CANCELLED,
    /** It waited longer than its timeout allows, for admission, for its job or for its rows. */
    TIMEOUT;

    /** The value of the {@code outcome} label. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The outcome of a statement that ended with {@code failure}: a cancellation or timeout anywhere in its causes. */
    public static QueryOutcome of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof QueryTimeoutException || cause instanceof AdmissionTimeoutException) {
                return TIMEOUT;
            }
            if (cause instanceof AdmissionCancelledException || cause instanceof JobCancellationException) {
                return CANCELLED;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return FAILURE;
    }
}
