package dev.sluice.gateway.avatica;

/**
 * A request argument or bound statement parameter that the gateway cannot use (SQLState 22023); the message names
 * it, the value and what is allowed.
 */
public final class InvalidParameterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidParameterException(String message) {
        super(message);
    }

    public InvalidParameterException(String message, Throwable cause) {
        super(message, cause);
    }
}
