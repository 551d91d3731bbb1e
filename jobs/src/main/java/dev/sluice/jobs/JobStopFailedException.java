package dev.sluice.jobs;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** The cluster did not cancel or stop a job when asked, or did not answer in time. */
public final class JobStopFailedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    JobStopFailedException(String jobId, String what, Throwable cause) {
        super("Stopping job " + jobId + " " + what + ": " + rootMessage(cause), cause);
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = ExceptionChain.root(failure);
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.JOB_STOP_FAILED;
    }
}
