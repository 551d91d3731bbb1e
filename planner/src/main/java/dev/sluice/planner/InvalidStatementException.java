package dev.sluice.planner;

/** A statement that Sluice's front end rejects before it reaches Flink; the message says what is allowed. */
public final class InvalidStatementException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidStatementException(String message) {
        super(message);
    }
}
