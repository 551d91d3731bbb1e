package dev.sluice.planner.flink;

import dev.sluice.errors.ExceptionChain;
import org.jspecify.annotations.Nullable;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * The line and column that Calcite's {@code SqlParseException.getPos()} or Flink's
 * {@code SqlValidateException.getErrorPosition()} carry, read by reflection: both live in the planner's own class
 * loader, so their types cannot be named here.
 */
final class ParserPositions {
    private static final String[] ACCESSORS = {"getPos", "getErrorPosition"};

    private ParserPositions() {}

    /** {@code "line L, column C"} of the first exception in {@code failure}'s chain that has a position. */
    static Optional<String> find(Throwable failure) {
        for (Throwable cause : ExceptionChain.of(failure)) {
            try {
                Method accessor = findMethod(cause.getClass());
                Object position = accessor == null ? null : accessor.invoke(cause);
                if (position != null) {
                    Object line = position.getClass().getMethod("getLineNum").invoke(position);
                    Object column =
                            position.getClass().getMethod("getColumnNum").invoke(position);
                    return Optional.of("line " + line + ", column " + column);
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // not a parser exception: look further down the chain
            }
        }
        return Optional.empty();
    }

    private static @Nullable Method findMethod(Class<?> type) {
        for (String name : ACCESSORS) {
            try {
                return type.getMethod(name);
            } catch (NoSuchMethodException e) {
                // try the next name
            }
        }
        return null;
    }
}
