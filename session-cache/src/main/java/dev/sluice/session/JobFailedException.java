package dev.sluice.session;

import org.jspecify.annotations.Nullable;

/** A job ended without its result: it failed, was cancelled, or its status or result could not be read. */
public final class JobFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JobFailedException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
