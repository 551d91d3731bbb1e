package dev.sluice.jobs;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.jspecify.annotations.Nullable;

/** A job ended without its result: it failed, was cancelled, or its status or result could not be read. */
public final class JobFailedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public JobFailedException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }

    /**
     * The cluster's fault when the job's status or result could not be read because the cluster is unreachable, else
     * the query's.
     */
    @Override
    public SluiceErrorCode errorCode() {
        return ClusterUnavailableException.isUnreachable(this)
                ? SluiceErrorCode.CLUSTER_UNAVAILABLE
                : SluiceErrorCode.QUERY_FAILED;
    }
}
