package dev.sluice.planner.flink;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.errors.SluiceErrorCode;
import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.exceptions.CatalogException;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which faults of Flink's parser, validator and planner (Calcite's included) are the statement's, and how to word
 * them. The gateway's error lookup asks this class about every exception that is not Sluice's own.
 *
 * <p>Two kinds of rule: {@link #byClassName()} names the exception classes that are always the statement's fault,
 * and {@link #find(Throwable)} judges the exceptions whose class alone does not tell (a stack overflow, Flink's
 * catalog errors).
 */
public final class FlinkStatementFaults {
    /**
     * The exceptions that are always the statement's fault. Classes that live in the planner's own class loader
     * ({@code flink-table-planner-loader} hides Calcite and Flink's parser) cannot be named in code, so all are known
     * by name: Flink's planner throws some validation errors without wrapping them in a {@link ValidationException}
     * (a {@code CREATE VIEW} over a missing table, a second primary key).
     */
    private static final Map<String, SluiceErrorCode> BY_CLASS_NAME = Map.of(
            SqlParserException.class.getName(),
            SluiceErrorCode.SYNTAX_ERROR,
            ValidationException.class.getName(),
            SluiceErrorCode.VALIDATION_ERROR,
            "org.apache.calcite.runtime.CalciteContextException",
            SluiceErrorCode.VALIDATION_ERROR,
            "org.apache.calcite.sql.validate.SqlValidatorException",
            SluiceErrorCode.VALIDATION_ERROR,
            "org.apache.flink.sql.parser.error.SqlValidateException",
            SluiceErrorCode.VALIDATION_ERROR);

    /** Where Flink 2.3 dereferences the null message of a parse error that a {@link StackOverflowError} caused. */
    private static final String FLINK_PARSER = "org.apache.flink.table.planner.parse.CalciteParser";

    /** The packages of Flink's parser, validator and planner (Calcite included). */
    private static final List<String> PLANNER_PACKAGES =
            List.of("org.apache.calcite.", "org.apache.flink.sql.parser.", "org.apache.flink.table.planner.");

    /** Avatica shares Calcite's package prefix but is the protocol layer: an overflow there is not the statement's. */
    private static final String AVATICA_PACKAGE = "org.apache.calcite.avatica.";

    public static final String NESTED_TOO_DEEPLY = "Statement nested too deeply for Flink's parser or planner (its"
            + " stack overflowed): nest less deeply, or split long chains of operators";

    private FlinkStatementFaults() {}

    /** Exception class names that are always the statement's fault, with the code of each. */
    public static Map<String, SluiceErrorCode> byClassName() {
        return BY_CLASS_NAME;
    }

    /**
     * The code of {@code exception} itself (not looking at its causes) if it is the statement's fault although its
     * class alone does not say so; empty if it is not, or if {@link #byClassName()} answers for its class.
     */
    public static Optional<SluiceErrorCode> find(Throwable exception) {
        if (overflowedWhilePlanning(exception)) {
            return Optional.of(SluiceErrorCode.SYNTAX_ERROR);
        }
        if (namesAMissingCatalogObject(exception)) {
            return Optional.of(SluiceErrorCode.VALIDATION_ERROR);
        }
        if (isPlannersRefusal(exception)) {
            return Optional.of(SluiceErrorCode.UNSUPPORTED_OPERATION);
        }
        return Optional.empty();
    }

    /**
     * Flink's planner refuses what it cannot run with a bare {@link TableException} ("Not support limitEnd is max value
     * now!" for an {@code OFFSET} without a {@code LIMIT} after an {@code ORDER BY}): the statement is not supported,
     * and Flink's message says why. One with a cause wraps another failure (a submission, a job), which its cause
     * judges.
     */
    private static boolean isPlannersRefusal(Throwable exception) {
        return exception.getClass() == TableException.class && exception.getCause() == null;
    }

    /**
     * The message for a statement fault anywhere in {@code failure}: the messages of the whole chain ({@link
     * ParseErrorMessages#readable}: the parser's expected tokens cut short, a hint on quoting names), with the line and
     * column of the innermost parser error if the text lacks them, or {@link #NESTED_TOO_DEEPLY} when the stack
     * overflowed (Flink's own message is then null or about the overflow).
     */
    public static String message(Throwable failure) {
        if (ExceptionChain.of(failure).stream().anyMatch(FlinkStatementFaults::overflowedWhilePlanning)) {
            return NESTED_TOO_DEEPLY;
        }
        String message = ParseErrorMessages.readable(CausalMessages.of(failure));
        if (!message.contains("line ")) {
            message += ParserPositions.find(failure)
                    .map(position -> " at " + position)
                    .orElse("");
        }
        return message;
    }

    /**
     * Whether planning overflowed the stack: Flink's parser and planner recurse over the statement's tree, and a deep
     * one (beyond the classifier's nesting limit, or a chain of thousands of operators) overflows. Flink's parser
     * loses the {@link StackOverflowError} and throws a {@link NullPointerException} instead. An overflow anywhere
     * else is a bug, not the statement's fault.
     */
    private static boolean overflowedWhilePlanning(Throwable exception) {
        StackTraceElement[] stack = exception.getStackTrace();
        if (exception instanceof StackOverflowError) {
            return Arrays.stream(stack)
                    .map(StackTraceElement::getClassName)
                    .anyMatch(FlinkStatementFaults::isPlannerClass);
        }
        return exception instanceof NullPointerException
                && stack.length > 0
                && stack[0].getClassName().equals(FLINK_PARSER);
    }

    private static boolean isPlannerClass(String className) {
        return !className.startsWith(AVATICA_PACKAGE)
                && PLANNER_PACKAGES.stream().anyMatch(className::startsWith);
    }

    /**
     * Flink's catalog manager reports a {@code USE} of a missing catalog or database as a {@link CatalogException},
     * the type it also uses for a catalog that fails; the missing object is the user's error.
     */
    private static boolean namesAMissingCatalogObject(Throwable exception) {
        return exception instanceof CatalogException
                && String.valueOf(exception.getMessage()).contains("does not exist");
    }
}
