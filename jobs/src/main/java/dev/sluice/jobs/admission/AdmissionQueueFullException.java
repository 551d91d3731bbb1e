package dev.sluice.jobs.admission;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.sessioncache.AdmissionOptions;

/**
 * A query found its cluster's admission queue full: the cluster is overloaded, and waiting longer would only make every
 * query later. SQLState {@code 53000} (insufficient resources); retrying later may succeed.
 */
public final class AdmissionQueueFullException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    AdmissionQueueFullException(String cluster, int running, int queued) {
        super("Cluster '" + cluster + "' is busy: " + running + " jobs run and " + queued
                + " queries wait for admission, the most "
                + AdmissionOptions.maxQueued(cluster).key()
                + " allows; try again later, or raise that option or "
                + AdmissionOptions.maxRunningJobs(cluster).key());
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.CLUSTER_BUSY;
    }
}
