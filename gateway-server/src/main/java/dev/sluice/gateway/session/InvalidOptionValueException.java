package dev.sluice.gateway.session;

/** A {@code SET} with a value the option does not accept; the message names the option and what is allowed. */
public final class InvalidOptionValueException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidOptionValueException(String message) {
        super(message);
    }
}
