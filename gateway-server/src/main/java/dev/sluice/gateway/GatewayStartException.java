package dev.sluice.gateway;

/**
 * A start that failed for a reason its message states in full, naming the option to change; {@code main} prints the
 * message as one line instead of a stack trace.
 */
public final class GatewayStartException extends Exception {
    private static final long serialVersionUID = 1L;

    GatewayStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
