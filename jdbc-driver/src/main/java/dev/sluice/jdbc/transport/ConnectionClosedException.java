package dev.sluice.jdbc.transport;

import java.io.IOException;

/** The gateway closed the connection before the response arrived. */
final class ConnectionClosedException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * Whether the request never left: the connection was found closed when it was written. Only such a request is
     * safe to send again; one that was sent may have run on the gateway (an execute, a commit), so it is not.
     */
    private final boolean unsent;

    ConnectionClosedException(String message, boolean unsent) {
        super(message);
        this.unsent = unsent;
    }

    boolean unsent() {
        return unsent;
    }
}
