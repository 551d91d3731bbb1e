package dev.sluice.jdbc.transport;

import org.jspecify.annotations.Nullable;

/** The transport settings cannot be used (a file, a password, a provider); the message says which and why. */
public final class TransportSetupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TransportSetupException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
