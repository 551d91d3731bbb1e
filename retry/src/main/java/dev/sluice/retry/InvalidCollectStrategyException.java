package dev.sluice.retry;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

import java.util.List;

/**
 * The collect strategy's configuration has problems; each names the key, the value and what is allowed. The message
 * is the problem itself when there is one, else all of them separated by {@code "; "}.
 */
public final class InvalidCollectStrategyException extends IllegalArgumentException implements SluiceError {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public InvalidCollectStrategyException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
        if (this.problems.isEmpty()) {
            throw new IllegalArgumentException("problems is empty");
        }
    }

    public InvalidCollectStrategyException(String problem) {
        this(List.of(problem));
    }

    /** Every problem found, one sentence each, in the order the options were read. */
    public List<String> problems() {
        return problems;
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.INVALID_PARAMETER_VALUE;
    }
}
