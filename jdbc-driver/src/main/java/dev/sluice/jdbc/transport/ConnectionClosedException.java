package dev.sluice.jdbc.transport;

import java.io.IOException;

/** The gateway closed the connection before the response arrived. */
final class ConnectionClosedException extends IOException {
    private static final long serialVersionUID = 1L;

    /** Whether the connection had carried earlier requests, so the close may just be the gateway's idle timeout. */
    private final boolean reused;

    ConnectionClosedException(String message, boolean reused) {
        super(message);
        this.reused = reused;
    }

    boolean reused() {
        return reused;
    }
}
