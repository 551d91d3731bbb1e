package dev.sluice.planner.flink;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.errors.SluiceErrorCode;

import java.time.DateTimeException;
import java.util.Locale;
import java.util.Optional;

/**
 * Which failures are the data's: a value Flink could not convert or compute with, in the statement's job (a CSV field
 * that is not a number, a division by a zero in a column) or while it planned (a constant {@code 1/0} that Flink's
 * planner folds). Their exceptions are Java's own ({@link ArithmeticException}, {@link NumberFormatException}, {@link
 * DateTimeException}), which the gateway's own code could throw too; so only one thrown outside the gateway's code
 * counts, and a fault of the gateway stays an internal error.
 */
public final class DataFaults {
    private static final String GATEWAY_PACKAGE = "dev.sluice.";

    private DataFaults() {}

    /** The data fault anywhere in {@code failure}'s cause chain, outermost first, with the exception that is it. */
    public static Optional<Found> find(Throwable failure) {
        for (Throwable exception : ExceptionChain.of(failure)) {
            Optional<SluiceErrorCode> code = codeOf(exception);
            if (code.isPresent()) {
                return Optional.of(new Found(code.get(), exception));
            }
        }
        return Optional.empty();
    }

    /** A data fault and the exception of the chain that is it. */
    public record Found(SluiceErrorCode code, Throwable exception) {}

    private static Optional<SluiceErrorCode> codeOf(Throwable exception) {
        if (thrownByTheGateway(exception)) {
            return Optional.empty();
        }
        if (exception instanceof NumberFormatException) {
            return Optional.of(SluiceErrorCode.INVALID_CHARACTER_VALUE);
        }
        if (exception instanceof ArithmeticException) {
            String message = String.valueOf(exception.getMessage()).toLowerCase(Locale.ROOT);
            return Optional.of(
                    message.contains("by zero") ? SluiceErrorCode.DIVISION_BY_ZERO : SluiceErrorCode.DATA_EXCEPTION);
        }
        if (exception instanceof DateTimeException) {
            return Optional.of(SluiceErrorCode.DATA_EXCEPTION);
        }
        return Optional.empty();
    }

    private static boolean thrownByTheGateway(Throwable exception) {
        StackTraceElement[] stack = exception.getStackTrace();
        return stack.length > 0 && stack[0].getClassName().startsWith(GATEWAY_PACKAGE);
    }
}
