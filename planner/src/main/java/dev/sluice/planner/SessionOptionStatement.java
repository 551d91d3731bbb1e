package dev.sluice.planner;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * A {@code SET} or {@code RESET} statement, which changes the options of one session and runs no job.
 *
 * <p>Syntax as in Flink's SQL client: {@code SET}, {@code SET 'key' = 'value'}, {@code RESET}, {@code RESET 'key'};
 * keys and values may also be unquoted words, and a quote inside a quoted string is doubled.
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
     * A quoted string ('' is an escaped quote) or a run of characters without white space, quotes or '='.
     *
     * <p>Every repetition is possessive and the loop over {@code ''} takes a whole run of other characters at once:
     * a backtracking {@code (?:[^']|'')*} recurses once per character in {@link java.util.regex.Pattern} and throws
     * {@link StackOverflowError} on values of a few thousand characters. Possessive matching finds the same tokens,
     * as a quoted token is never followed by a quote.
     */
    String TOKEN = "'([^']*+(?:''[^']*+)*+)'|([^\\s'=;]++)";

    Pattern SET_PATTERN = Pattern.compile("(?is)\\s*SET(?:\\s+(?:" + TOKEN + ")\\s*=\\s*(?:" + TOKEN + "))?\\s*;?\\s*");
    Pattern RESET_PATTERN = Pattern.compile("(?is)\\s*RESET(?:\\s+(?:" + TOKEN + "))?\\s*;?\\s*");

    /**
     * Parses a statement that {@link StatementClassifier} classified as {@link StatementKind#SET} or
     * {@link StatementKind#RESET}.
     *
     * @throws InvalidStatementException if it is not of the syntax above
     */
    static SessionOptionStatement parse(String sql) {
        requireNonNull(sql, "sql is null");
        Matcher set = SET_PATTERN.matcher(sql);
        if (set.matches()) {
            String key = token(set, 1);
            if (key == null) {
                return new ListOptions();
            }
            String value = token(set, 3);
            return new SetOption(key, requireNonNull(value, "value"));
        }
        Matcher reset = RESET_PATTERN.matcher(sql);
        if (reset.matches()) {
            String key = token(reset, 1);
            return key == null ? new ResetAll() : new ResetOption(key);
        }
        throw new InvalidStatementException(
                "Invalid SET or RESET statement; expected SET, SET 'key' = 'value', RESET or RESET 'key'");
    }

    /** Returns the token whose quoted form is group {@code quotedGroup} and bare form the group after it. */
    private static String token(Matcher matcher, int quotedGroup) {
        String quoted = matcher.group(quotedGroup);
        if (quoted != null) {
            return quoted.replace("''", "'");
        }
        return matcher.group(quotedGroup + 1);
    }
}
