package dev.sluice.gateway.result;

/** A pushed result failed: the job failed (its cause is attached), restarted after rows reached the client, or its sink's connection broke. */
public final class PushedResultException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PushedResultException(String message) {
        super(message);
    }

    public PushedResultException(String message, Throwable cause) {
        super(message, cause);
    }
}
