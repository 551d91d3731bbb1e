package dev.sluice.push;

import java.io.IOException;

/**
 * The push sink could not connect to the gateway's result endpoint (network, name, TLS trust). It fails the job; the
 * gateway finds it in the job's failure (Flink restores it there, since the gateway has this class) and can tell a
 * cluster that cannot reach it from a failing query, and fall back to the collect path.
 */
public final class PushEndpointUnreachableException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String address;

    PushEndpointUnreachableException(String address, Throwable cause) {
        super("Push sink could not connect to the gateway's result endpoint " + address + ": " + cause, cause);
        this.address = address;
    }

    /** host:port the sink dialled. */
    public String address() {
        return address;
    }
}
