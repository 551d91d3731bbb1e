package dev.sluice.planner;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A statement that Sluice's front end rejects before it reaches Flink; the message says what is allowed. */
public final class InvalidStatementException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public InvalidStatementException(String message) {
        super(message);
    }

    /**
     * {@code "<problem> at line L, column C: <allowed>"}, the position being that of {@code offset} in {@code sql}, so
     * that the message reads like Flink's own syntax errors.
     */
    static InvalidStatementException at(String sql, int offset, String problem, String allowed) {
        return new InvalidStatementException(problem + " at " + SqlPosition.of(sql, offset) + ": " + allowed);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.SYNTAX_ERROR;
    }
}
