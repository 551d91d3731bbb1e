package dev.sluice.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * Splits Flink SQL into tokens the way Flink's (Calcite-generated) parser does, as far as it matters for finding
 * parameter markers, leading keywords and the normal form of a statement.
 *
 * <p>Lexical rules, from Calcite's grammar as Flink configures it: string literals in single quotes with {@code ''}
 * for a quote and no backslash escapes; identifiers quoted in back ticks ({@code ``} for a back tick) or double
 * quotes; comments from {@code --} or {@code //} to the end of the line and between {@code /*} and the first
 * {@code *}{@code /} (not nested); a {@code /*+} hint is not a comment, its contents are tokens. It never rejects
 * text: an unterminated literal or comment runs to the end, so that Flink's parser is the one to report it.
 */
public final class SqlLexer {
    private final String sql;
    private final List<SqlToken> tokens = new ArrayList<>();
    private int position;

    private SqlLexer(String sql) {
        this.sql = sql;
    }

    /** The tokens of {@code sql}, in order. */
    public static List<SqlToken> tokenize(String sql) {
        requireNonNull(sql, "sql is null");
        SqlLexer lexer = new SqlLexer(sql);
        lexer.run();
        return List.copyOf(lexer.tokens);
    }

    /**
     * The statement as caches find it: comments dropped and every gap between two tokens made one space, so
     * re-indenting a statement or editing a comment finds the same entry. Two statements with one normal form mean
     * the same to Flink's parser, so whatever it tells apart is kept: literals and quoted identifiers exactly; the
     * case of every word (Flink's unquoted identifiers are case-sensitive); whether two tokens touch ({@code <>} is an
     * operator and {@code < >} a syntax error, {@code X'AB'} a binary literal and {@code X 'AB'} an error); and a line
     * break between two string literals, which Flink joins into one only across lines.
     */
    public static String normalize(String sql) {
        return normalize(sql, tokenize(sql));
    }

    /** The {@link #normalize(String) normal form} of {@code sql} from the tokens {@link #tokenize} gave for it. */
    public static String normalize(String sql, List<SqlToken> tokens) {
        return normalize(sql, tokens, SqlToken::text);
    }

    /**
     * The {@link #normalize(String) normal form} of {@code sql} with each token shown as {@code shown} gives it: the
     * gaps between tokens as in the normal form.
     */
    public static String normalize(String sql, List<SqlToken> tokens, Function<SqlToken, String> shown) {
        StringBuilder normal = new StringBuilder(sql.length());
        SqlToken previous = null;
        for (SqlToken token : tokens) {
            if (previous != null) {
                normal.append(gap(sql, previous, token));
            }
            normal.append(shown.apply(token));
            previous = token;
        }
        return normal.toString();
    }

    /**
     * The {@link #normalize(String) normal form} of {@code sql} with every string and numeric literal shown as
     * {@code ?}: what a statement looks like to someone who may see what runs, but not the values in it (comments go
     * too, as in the normal form).
     */
    public static String maskLiterals(String sql) {
        return normalize(sql, tokenize(sql), token -> {
            boolean literal = token.kind() == SqlToken.Kind.STRING || token.kind() == SqlToken.Kind.NUMBER;
            return literal ? "?" : token.text();
        });
    }

    private static String gap(String sql, SqlToken previous, SqlToken next) {
        if (previous.end() == next.start()) {
            return "";
        }
        boolean betweenStrings = previous.kind() == SqlToken.Kind.STRING && next.kind() == SqlToken.Kind.STRING;
        return betweenStrings && containsLineBreak(sql, previous.end(), next.start()) ? "\n" : " ";
    }

    private static boolean containsLineBreak(String sql, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = sql.charAt(i);
            if (c == '\n' || c == '\r') {
                return true;
            }
        }
        return false;
    }

    /**
     * The index of the first character at or after {@code from} that starts a token: white space and comments are
     * skipped, a {@code /*+} hint is not (it is a token). {@code sql.length()} if only white space and comments follow.
     */
    static int skipWhiteSpaceAndComments(String sql, int from) {
        int i = from;
        int length = sql.length();
        while (i < length) {
            if (Character.isWhitespace(sql.charAt(i))) {
                i++;
            } else if (sql.startsWith("--", i) || sql.startsWith("//", i)) {
                while (i < length && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (sql.startsWith("/*", i) && !sql.startsWith("/*+", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? length : end + 2;
            } else {
                return i;
            }
        }
        return length;
    }

    private void run() {
        int length = sql.length();
        while ((position = skipWhiteSpaceAndComments(sql, position)) < length) {
            char c = sql.charAt(position);
            if (sql.startsWith("/*+", position)) {
                add(SqlToken.Kind.SYMBOL, position + 3);
            } else if (c == '\'') {
                add(SqlToken.Kind.STRING, quotedEnd('\''));
            } else if ((c == 'E' || c == 'e') && position + 1 < length && sql.charAt(position + 1) == '\'') {
                // Flink's C-style string E'...', where a backslash escapes the next character (E'it\'s'): read
                // as a plain string, a ? after the escaped quote would count as a marker and bind into the literal
                add(SqlToken.Kind.STRING, escapedStringEnd());
            } else if (c == '`' || c == '"') {
                add(SqlToken.Kind.QUOTED_IDENTIFIER, quotedEnd(c));
            } else if (c == '?') {
                add(SqlToken.Kind.PARAMETER, position + 1);
            } else if (Character.isDigit(c) || (c == '.' && nextIsDigit(position + 1))) {
                add(SqlToken.Kind.NUMBER, numberEnd());
            } else if (Character.isJavaIdentifierStart(c)) {
                int end = position + 1;
                while (end < length && Character.isJavaIdentifierPart(sql.charAt(end))) {
                    end++;
                }
                add(SqlToken.Kind.WORD, end);
            } else if (sql.startsWith("*/", position)) {
                add(SqlToken.Kind.SYMBOL, position + 2);
            } else {
                add(SqlToken.Kind.SYMBOL, position + 1);
            }
        }
    }

    private void add(SqlToken.Kind kind, int end) {
        tokens.add(new SqlToken(kind, position, end, sql.substring(position, end)));
        position = end;
    }

    /** The end of a literal opened by {@code quote} at the current position; a doubled quote stays inside. */
    private int quotedEnd(char quote) {
        int i = position + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    /** The end of an {@code E'...'} literal starting at the current position. */
    private int escapedStringEnd() {
        int i = position + 2;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '\'' && i + 1 < sql.length() && sql.charAt(i + 1) == '\'') {
                i += 2;
            } else if (c == '\'') {
                return i + 1;
            } else {
                i++;
            }
        }
        return sql.length();
    }

    private int numberEnd() {
        int i = position;
        while (i < sql.length() && (Character.isDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
            i++;
        }
        if (i < sql.length() && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
            int exponent = i + 1;
            if (exponent < sql.length() && (sql.charAt(exponent) == '+' || sql.charAt(exponent) == '-')) {
                exponent++;
            }
            if (nextIsDigit(exponent)) {
                i = exponent;
                while (i < sql.length() && Character.isDigit(sql.charAt(i))) {
                    i++;
                }
            }
        }
        return i;
    }

    private boolean nextIsDigit(int index) {
        return index < sql.length() && Character.isDigit(sql.charAt(index));
    }
}
