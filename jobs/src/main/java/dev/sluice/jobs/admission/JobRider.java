package dev.sluice.jobs.admission;

/**
 * A waiting query that may run in the job of a query admitted before it, instead of in a job of its own: queries
 * whose {@link #sharingKey()}s are equal can be compiled into one job. Such a query still waits in order; it is only
 * taken out of the queue early, by an admitted query with the same key ({@link ClusterAdmission#takeRiders}).
 */
public interface JobRider {
    /**
     * What a job must share with this query to carry it: equal keys mean equal job configurations. Compared with
     * {@code equals}, under the admission's lock, so it must be cheap and must not change.
     */
    Object sharingKey();
}
