package dev.sluice.planner;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * A statement longer than the gateway accepts. Refused before anything reads it, because Flink's parser takes time
 * that grows with the text (a 15 MB statement kept a core busy for over a minute) and every copy of it costs heap.
 */
public final class StatementTooLongException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    StatementTooLongException(int length, int maxLength, String option) {
        super("Statement is " + length + " characters long; at most " + maxLength + " are allowed (" + option + ")");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.STATEMENT_TOO_LONG;
    }
}
