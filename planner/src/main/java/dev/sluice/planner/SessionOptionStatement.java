package dev.sluice.planner;

import static java.util.Objects.requireNonNull;

/**
 * A {@code SET} or {@code RESET} statement, which changes the options of one session and runs no job.
 *
 * <p>Syntax as in Flink's SQL client: {@code SET}, {@code SET 'key' = 'value'}, {@code RESET}, {@code RESET 'key'};
 * keys and values may also be unquoted words, a quote inside a quoted string is doubled, and comments may stand
 * wherever white space may.
 */
public sealed interface SessionOptionStatement {
    /** {@code SET 'key' = 'value'}. */
    record SetOption(String key, String value) implements SessionOptionStatement {
        public SetOption {
            requireNonNull(key, "key is null");
            requireNonNull(value, "value is null");
        }
    }

    /** {@code SET} alone: list the session's options. */
    record ListOptions() implements SessionOptionStatement {}

    /** {@code RESET 'key'}. */
    record ResetOption(String key) implements SessionOptionStatement {
        public ResetOption {
            requireNonNull(key, "key is null");
        }
    }

    /** {@code RESET} alone: back to the gateway's defaults. */
    record ResetAll() implements SessionOptionStatement {}

    /**
     * Parses a statement that {@link StatementClassifier} classified as {@link StatementKind#SET} or
     * {@link StatementKind#RESET}.
     *
     * @throws InvalidStatementException if it is not of the syntax above; the message gives the line and column of
     *     the first character that does not fit
     */
    static SessionOptionStatement parse(String sql) {
        return SessionOptionParser.parse(sql);
    }
}
