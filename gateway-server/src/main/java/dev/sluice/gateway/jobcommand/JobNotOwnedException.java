package dev.sluice.gateway.jobcommand;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** {@code STOP JOB} names a job that no session of the user submitted through this gateway. */
public final class JobNotOwnedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    JobNotOwnedException(String jobId) {
        super("Job " + jobId + " was not started by your sessions on this gateway; only its owner may stop it");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.JOB_NOT_OWNED;
    }
}
