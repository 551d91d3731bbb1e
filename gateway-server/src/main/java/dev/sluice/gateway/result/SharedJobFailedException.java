package dev.sluice.gateway.result;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * The job that carried a query together with other queries failed before the end of the query's result, after its
 * first rows had been answered (earlier, the query runs again in a job of its own). The job's cause is not attached:
 * it may be another query's, with another session's data in its message; the gateway logs it.
 */
public final class SharedJobFailedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public SharedJobFailedException(int queries) {
        super("The query's job, which carried " + queries + " queries to save the cluster work, failed after the"
                + " query had started to return rows. The cause is not shown, as it may be another session's query;"
                + " the gateway's log has it. Run the query again; a cluster's"
                + " sluice.cluster.<name>.admission.max-queries-per-job set to 1 gives every query a job of its own");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.SHARED_JOB_FAILED;
    }
}
