package dev.sluice.jobs.admission;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

/** A query waited for admission longer than its deadline allowed; it never reached the cluster. SQLState HYT00. */
public final class AdmissionTimeoutException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    /**
     * @param share the places the statement's user held when it gave up, if they held their whole share: then it waited
     *     for one of those rather than for the cluster
     */
    AdmissionTimeoutException(
            String cluster, Duration waited, String timeoutKey, int ahead, @Nullable UserShare share) {
        super("The statement waited " + waited.toMillis() + " ms for admission to cluster '" + cluster + "' ("
                + timeoutKey + "), with " + ahead + " queries still ahead of it; it did not run"
                + (share == null
                        ? ""
                        : ". User '" + share.user() + "' holds " + share.held() + " of the cluster's " + share.places()
                                + " places, the most one user may (admission.max-user-share): close or finish reading"
                                + " their other results"));
    }

    /** What a user held of a cluster's places. */
    record UserShare(String user, int held, int places) {}

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.ADMISSION_TIMEOUT;
    }
}
