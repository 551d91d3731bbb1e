package dev.sluice.gateway.push;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A pushed result failed: the job failed (its cause is attached), restarted after rows reached the client, or its sink's connection broke. */
public final class PushedResultException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public PushedResultException(String message) {
        super(message);
    }

    public PushedResultException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The query failed on the cluster or on its way from there; either way the query's error, as on the collect path. */
    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.QUERY_FAILED;
    }
}
