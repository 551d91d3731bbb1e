package dev.sluice.gateway.avatica;

import dev.sluice.gateway.session.InvalidOptionValueException;
import dev.sluice.gateway.session.NoResultException;
import dev.sluice.gateway.session.NoSuchSessionException;
import dev.sluice.gateway.session.NoSuchStatementException;
import dev.sluice.gateway.session.ResultTooLargeException;
import dev.sluice.gateway.session.TooManySessionsException;
import dev.sluice.planner.InvalidStatementException;
import dev.sluice.session.ClusterUnavailableException;
import dev.sluice.session.ExceptionChain;
import dev.sluice.session.JobFailedException;
import dev.sluice.session.QueryTimeoutException;
import dev.sluice.session.UnknownClusterException;
import dev.sluice.session.admission.AdmissionCancelledException;
import dev.sluice.session.admission.AdmissionQueueFullException;
import dev.sluice.session.admission.AdmissionTimeoutException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.flink.runtime.client.JobExecutionException;
import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * The one place where exceptions become Avatica errors with a {@link SluiceErrorCode} and SQLState.
 *
 * <p>Avatica turns any exception that is not an {@link AvaticaRuntimeException} into code -1 and SQLState
 * {@code 00000}, which clients cannot act on (Python's phoenixdb raises {@code InternalError} for it). Both request
 * handlers route every failure through {@link #translate(Throwable)}.
 */
public final class SluiceErrors {
    private static final Logger LOG = LoggerFactory.getLogger(SluiceErrors.class);

    /**
     * Validation errors that Flink's planner throws without wrapping them in a {@link ValidationException} (a
     * {@code CREATE VIEW} over a missing table, a second primary key). They live in the planner's own class loader, so
     * they are known by name.
     */
    private static final Set<String> PLANNER_VALIDATION_ERRORS = Set.of(
            "org.apache.calcite.runtime.CalciteContextException",
            "org.apache.calcite.sql.validate.SqlValidatorException",
            "org.apache.flink.sql.parser.error.SqlValidateException");

    /** Where Flink 2.3 dereferences the null message of a parse error that a {@link StackOverflowError} caused. */
    private static final String FLINK_PARSER = "org.apache.flink.table.planner.parse.CalciteParser";

    /** The packages of Flink's parser, validator and planner (Calcite included). */
    private static final List<String> PLANNER_PACKAGES =
            List.of("org.apache.calcite.", "org.apache.flink.sql.parser.", "org.apache.flink.table.planner.");

    /** Avatica shares Calcite's package prefix but is the protocol layer: an overflow there is not the statement's. */
    private static final String AVATICA_PACKAGE = "org.apache.calcite.avatica.";

    static final String NESTED_TOO_DEEPLY = "Statement nested too deeply for Flink's parser or planner (its stack"
            + " overflowed): nest less deeply, or split long chains of operators";

    private SluiceErrors() {}

    /** Returns an Avatica error for {@code failure}; never throws. */
    public static AvaticaRuntimeException translate(Throwable failure) {
        if (failure instanceof AvaticaRuntimeException avatica) {
            return avatica;
        }
        SluiceErrorCode code = classify(failure);
        String message = message(code, failure);
        if (code == SluiceErrorCode.GENERIC_INTERNAL_ERROR) {
            LOG.error("Internal error: {}", message, failure);
        } else {
            LOG.debug("Request failed with {}: {}", code, message, failure);
        }
        return toAvatica(code, message);
    }

    public static AvaticaRuntimeException toAvatica(SluiceErrorCode code, String message) {
        return new AvaticaRuntimeException(message, code.code(), code.sqlState(), AvaticaSeverity.ERROR);
    }

    static SluiceErrorCode classify(Throwable failure) {
        if (has(failure, InvalidStatementException.class)
                || has(failure, SqlParserException.class)
                || overflowedTheStack(failure)) {
            return SluiceErrorCode.SYNTAX_ERROR;
        }
        if (has(failure, ValidationException.class)
                || ExceptionChain.of(failure).stream()
                        .anyMatch(cause -> PLANNER_VALIDATION_ERRORS.contains(
                                cause.getClass().getName()))
                || namesAMissingCatalogObject(failure)) {
            return SluiceErrorCode.VALIDATION_ERROR;
        }
        if (failure instanceof InvalidOptionValueException || failure instanceof InvalidParameterException) {
            return SluiceErrorCode.INVALID_PARAMETER_VALUE;
        }
        if (failure instanceof NoSuchSessionException) {
            return SluiceErrorCode.NO_SUCH_CONNECTION;
        }
        if (failure instanceof NoSuchStatementException) {
            return SluiceErrorCode.NO_SUCH_STATEMENT;
        }
        if (failure instanceof NoResultException) {
            return SluiceErrorCode.NO_OPEN_RESULT;
        }
        if (failure instanceof UnknownClusterException) {
            return SluiceErrorCode.UNKNOWN_CLUSTER;
        }
        if (failure instanceof TooManySessionsException) {
            return SluiceErrorCode.TOO_MANY_CONNECTIONS;
        }
        if (has(failure, ResultTooLargeException.class)) {
            return SluiceErrorCode.RESULT_TOO_LARGE;
        }
        if (failure instanceof UnsupportedOperationException) {
            return SluiceErrorCode.UNSUPPORTED_OPERATION;
        }
        if (failure instanceof MalformedRequestException) {
            return SluiceErrorCode.MALFORMED_REQUEST;
        }
        if (has(failure, ClusterUnavailableException.class) || ClusterUnavailableException.isUnreachable(failure)) {
            return SluiceErrorCode.CLUSTER_UNAVAILABLE;
        }
        if (has(failure, QueryTimeoutException.class)) {
            return SluiceErrorCode.QUERY_TIMEOUT;
        }
        if (has(failure, AdmissionQueueFullException.class)) {
            return SluiceErrorCode.CLUSTER_BUSY;
        }
        if (has(failure, AdmissionTimeoutException.class)) {
            return SluiceErrorCode.ADMISSION_TIMEOUT;
        }
        if (has(failure, AdmissionCancelledException.class)) {
            return SluiceErrorCode.STATEMENT_CANCELLED;
        }
        if (has(failure, JobExecutionException.class) || has(failure, JobFailedException.class)) {
            return SluiceErrorCode.QUERY_FAILED;
        }
        return SluiceErrorCode.GENERIC_INTERNAL_ERROR;
    }

    /**
     * Whether planning {@code failure}'s statement overflowed the stack: Flink's parser and planner recurse over the
     * statement's tree, and a deep one (beyond the classifier's nesting limit, or a chain of thousands of operators)
     * overflows. Flink's parser loses the {@link StackOverflowError} and throws a {@link NullPointerException} instead.
     * An overflow anywhere else is a bug, not the statement's fault.
     */
    static boolean overflowedTheStack(Throwable failure) {
        for (Throwable cause : ExceptionChain.of(failure)) {
            StackTraceElement[] stack = cause.getStackTrace();
            if (cause instanceof StackOverflowError
                    && Arrays.stream(stack)
                            .map(StackTraceElement::getClassName)
                            .anyMatch(SluiceErrors::isPlannerClass)) {
                return true;
            }
            if (cause instanceof NullPointerException
                    && stack.length > 0
                    && stack[0].getClassName().equals(FLINK_PARSER)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPlannerClass(String className) {
        return !className.startsWith(AVATICA_PACKAGE)
                && PLANNER_PACKAGES.stream().anyMatch(className::startsWith);
    }

    /**
     * Flink's catalog manager reports a {@code USE} of a missing catalog or database as a {@link CatalogException},
     * the type it also uses for a catalog that fails; the missing object is the user's error.
     */
    private static boolean namesAMissingCatalogObject(Throwable failure) {
        return failure instanceof CatalogException
                && String.valueOf(failure.getMessage()).contains("does not exist");
    }

    private static String message(SluiceErrorCode code, Throwable failure) {
        if (overflowedTheStack(failure)) {
            return NESTED_TOO_DEEPLY;
        }
        return switch (code) {
            case SYNTAX_ERROR, VALIDATION_ERROR -> userMessage(failure);
            case QUERY_FAILED -> "Query failed on the cluster: " + deepestMessage(failure);
            case QUERY_TIMEOUT ->
                String.valueOf(requireNonNull(find(failure, QueryTimeoutException.class))
                        .getMessage());
            case CLUSTER_UNAVAILABLE -> {
                Throwable unavailable = find(failure, ClusterUnavailableException.class);
                yield unavailable != null
                        ? unavailable.getMessage()
                        : "Flink session cluster is unreachable: " + deepestMessage(failure);
            }
            case CLUSTER_BUSY -> messageOf(failure, AdmissionQueueFullException.class);
            case ADMISSION_TIMEOUT -> messageOf(failure, AdmissionTimeoutException.class);
            case STATEMENT_CANCELLED -> messageOf(failure, AdmissionCancelledException.class);
            case GENERIC_INTERNAL_ERROR -> "Internal error in the gateway: " + failure + rootCause(failure);
            default -> String.valueOf(failure.getMessage());
        };
    }

    /** The message of the {@code type} in {@code failure}'s chain, which the caller knows is there. */
    private static String messageOf(Throwable failure, Class<? extends Throwable> type) {
        return String.valueOf(requireNonNull(find(failure, type)).getMessage());
    }

    /** Flink's planner errors, with the line and column of the innermost parser error if the text lacks them. */
    private static String userMessage(Throwable failure) {
        String message = causalMessages(failure);
        if (!message.contains("line ")) {
            message += parserPosition(failure);
        }
        return message;
    }

    /**
     * Calcite's {@code SqlParseException.getPos()}, read by reflection: Calcite lives in the planner's own class
     * loader, so its types cannot be named here.
     */
    private static String parserPosition(Throwable failure) {
        for (Throwable cause : ExceptionChain.of(failure)) {
            try {
                // Calcite's parse errors have getPos, Flink's SqlValidateException getErrorPosition
                Method accessor = findMethod(cause.getClass(), "getPos", "getErrorPosition");
                Object position = accessor == null ? null : accessor.invoke(cause);
                if (position != null) {
                    Object line = position.getClass().getMethod("getLineNum").invoke(position);
                    Object column =
                            position.getClass().getMethod("getColumnNum").invoke(position);
                    return " at line " + line + ", column " + column;
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // not a parser exception: look further down the chain
            }
        }
        return "";
    }

    private static @Nullable Method findMethod(Class<?> type, String... names) {
        for (String name : names) {
            try {
                return type.getMethod(name);
            } catch (NoSuchMethodException e) {
                // try the next name
            }
        }
        return null;
    }

    private static String causalMessages(Throwable failure) {
        StringBuilder message = new StringBuilder();
        for (Throwable cause : ExceptionChain.of(failure)) {
            String causeMessage = cause.getMessage();
            if (message.isEmpty()) {
                message.append(causeMessage);
            } else if (causeMessage != null && !message.toString().contains(causeMessage)) {
                message.append(": ").append(causeMessage);
            }
        }
        return message.toString();
    }

    private static String rootCause(Throwable failure) {
        Throwable root = ExceptionChain.root(failure);
        return root == failure ? "" : " (caused by " + root + ")";
    }

    private static String deepestMessage(Throwable failure) {
        Throwable root = ExceptionChain.root(failure);
        return root instanceof IOException || root.getMessage() == null ? root.toString() : root.getMessage();
    }

    /** The first cause of {@code type}; the chain walk is safe against cause cycles, unlike Flink's helper. */
    private static @Nullable Throwable find(Throwable failure, Class<? extends Throwable> type) {
        return ExceptionChain.of(failure).stream()
                .filter(type::isInstance)
                .findFirst()
                .orElse(null);
    }

    private static boolean has(Throwable failure, Class<? extends Throwable> type) {
        return find(failure, type) != null;
    }
}
