package dev.sluice.jobs.admission;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A query was cancelled, or its session closed, while it waited for admission; it never reached the cluster. */
public final class AdmissionCancelledException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    AdmissionCancelledException(String cluster) {
        super("The statement was cancelled while it waited for admission to cluster '" + cluster + "'; it did not run");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.STATEMENT_CANCELED;
    }
}
