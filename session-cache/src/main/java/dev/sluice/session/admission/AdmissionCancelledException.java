package dev.sluice.session.admission;

/** A query was cancelled, or its session closed, while it waited for admission; it never reached the cluster. */
public final class AdmissionCancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AdmissionCancelledException(String cluster) {
        super("The statement was cancelled while it waited for admission to cluster '" + cluster + "'; it did not run");
    }
}
