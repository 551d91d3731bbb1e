package dev.sluice.gateway.push;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * The job that carried a query together with other queries failed before the end of the query's result, after its
 * first rows had been answered (earlier, the query runs again in a job of its own), and not in the query's own task.
 * The job's cause is not attached: it is another query's, with maybe another session's data in its message; the
 * gateway logs it. A query whose own task failed the job gets the job's cause instead.
 */
public final class SharedJobFailedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    /**
     * @param queries how many queries the job carried
     * @param anotherQueryFailed whether the cluster named the failing task, and it was another query's; if not, the
     *     cluster did not say whose task failed the job
     */
    public SharedJobFailedException(int queries, boolean anotherQueryFailed) {
        super("The query's job, which carried " + queries + " queries to save the cluster work, failed after the"
                + " query had started to return rows, "
                + (anotherQueryFailed
                        ? "because another of its queries failed. Its cause is not shown, as it may be another"
                                + " session's; the gateway's log has it."
                        : "and the cluster did not say in which query's task; the gateway's log has the cause.")
                + " Run the query again; a cluster's sluice.cluster.<name>.admission.max-queries-per-job set to 1"
                + " gives every query a job of its own");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.SHARED_JOB_FAILED;
    }
}
