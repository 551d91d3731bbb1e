package dev.sluice.gateway.jobcommand;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** {@code STOP JOB} names a job that has ended already. */
public final class JobEndedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    JobEndedException(String jobId, String state) {
        super("Job " + jobId + " has ended already (" + state + "); only a running job can be stopped");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.JOB_ENDED;
    }
}
