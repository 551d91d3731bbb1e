package dev.sluice.gateway.jobcommand;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** {@code STOP JOB} names a job that the session's cluster does not list. */
public final class NoSuchJobException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    NoSuchJobException(String jobId, String clusterName) {
        super("Job " + jobId + " does not exist on cluster '" + clusterName + "'; SHOW JOBS lists its jobs");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.NO_SUCH_JOB;
    }
}
