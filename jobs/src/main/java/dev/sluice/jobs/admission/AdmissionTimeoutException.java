package dev.sluice.jobs.admission;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

import java.time.Duration;

/** A query waited for admission longer than its deadline allowed; it never reached the cluster. SQLState HYT00. */
public final class AdmissionTimeoutException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    AdmissionTimeoutException(String cluster, Duration waited, String timeoutKey, int ahead) {
        super("The statement waited " + waited.toMillis() + " ms for admission to cluster '" + cluster + "' ("
                + timeoutKey + "), with " + ahead + " queries still ahead of it; it did not run");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.ADMISSION_TIMEOUT;
    }
}
