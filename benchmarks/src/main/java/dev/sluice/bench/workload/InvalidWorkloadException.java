package dev.sluice.bench.workload;

/** A workload file that cannot be run, with the key that is wrong and why. */
public final class InvalidWorkloadException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidWorkloadException(String message) {
        super(message);
    }
}
