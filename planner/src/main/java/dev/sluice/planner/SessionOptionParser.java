package dev.sluice.planner;

import static java.util.Objects.requireNonNull;

/**
 * Reads a {@link SessionOptionStatement} character by character, so that an error names the first character that does
 * not fit. White space and comments between the parts are skipped by the lexer's own rule.
 *
 * <p>An unquoted key or value is a run of characters up to white space, a quote, {@code =} or {@code ;}; it is not
 * split into SQL tokens, because values such as {@code file:///tmp/checkpoints} contain what the lexer would read as
 * the start of a comment.
 */
final class SessionOptionParser {
    private static final String INVALID = "Invalid SET or RESET statement";
    private static final String ALLOWED = "expected SET, SET 'key' = 'value', RESET or RESET 'key'";

    private final String sql;
    private int position;

    private SessionOptionParser(String sql) {
        this.sql = sql;
    }

    static SessionOptionStatement parse(String sql) {
        requireNonNull(sql, "sql is null");
        return new SessionOptionParser(sql).statement();
    }

    private SessionOptionStatement statement() {
        skipGap();
        int keywordStart = position;
        while (position < sql.length() && Character.isJavaIdentifierPart(sql.charAt(position))) {
            position++;
        }
        String keyword = sql.substring(keywordStart, position);
        if (keyword.equalsIgnoreCase("SET")) {
            return set();
        }
        if (keyword.equalsIgnoreCase("RESET")) {
            return reset();
        }
        throw invalid(keywordStart);
    }

    private SessionOptionStatement set() {
        skipGap();
        if (onlyEndRemains()) {
            return new SessionOptionStatement.ListOptions();
        }
        String key = option();
        skipGap();
        if (position >= sql.length() || sql.charAt(position) != '=') {
            throw invalid(position);
        }
        position++;
        skipGap();
        String value = option();
        requireEnd();
        return new SessionOptionStatement.SetOption(key, value);
    }

    private SessionOptionStatement reset() {
        skipGap();
        if (onlyEndRemains()) {
            return new SessionOptionStatement.ResetAll();
        }
        String key = option();
        requireEnd();
        return new SessionOptionStatement.ResetOption(key);
    }

    /** A quoted string ({@code ''} inside is one quote) or an unquoted run; the position moves past it. */
    private String option() {
        int start = position;
        if (start < sql.length() && sql.charAt(start) == '\'') {
            StringBuilder value = new StringBuilder();
            int i = start + 1;
            while (i < sql.length()) {
                int quote = sql.indexOf('\'', i);
                if (quote < 0) {
                    break;
                }
                value.append(sql, i, quote);
                if (quote + 1 < sql.length() && sql.charAt(quote + 1) == '\'') {
                    value.append('\'');
                    i = quote + 2;
                } else {
                    position = quote + 1;
                    return value.toString();
                }
            }
            throw invalid(start); // the string is not closed
        }
        while (position < sql.length() && !endsUnquoted(sql.charAt(position))) {
            position++;
        }
        if (position == start) {
            throw invalid(start);
        }
        return sql.substring(start, position);
    }

    private static boolean endsUnquoted(char c) {
        return Character.isWhitespace(c) || c == '\'' || c == '=' || c == ';';
    }

    /** Whether nothing but one optional {@code ;}, white space and comments follows; consumes nothing. */
    private boolean onlyEndRemains() {
        int i = position;
        if (i < sql.length() && sql.charAt(i) == ';') {
            i = SqlLexer.skipWhiteSpaceAndComments(sql, i + 1);
        }
        return i == sql.length();
    }

    private void requireEnd() {
        skipGap();
        if (!onlyEndRemains()) {
            throw invalid(
                    position < sql.length() && sql.charAt(position) == ';'
                            ? SqlLexer.skipWhiteSpaceAndComments(sql, position + 1)
                            : position);
        }
    }

    private void skipGap() {
        position = SqlLexer.skipWhiteSpaceAndComments(sql, position);
    }

    private InvalidStatementException invalid(int offset) {
        return InvalidStatementException.at(sql, offset, INVALID, ALLOWED);
    }
}
