package dev.sluice.planner;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Which quotes a session's statements quote identifiers with: Flink's back ticks alone, or ANSI SQL's double quotes as
 * well, for tools that quote what they generate with double quotes (jOOQ's default, Tableau's generic JDBC, phoenixdb).
 * The gateway rewrites a double-quoted identifier to back ticks with its own lexer, before anything else reads the
 * statement, so that Flink's parser, prepared statements and the plan cache all see the statement in Flink's quoting.
 */
public enum IdentifierQuoting {
    /** Flink's own: back ticks; double quotes keep the meaning Flink's parser gives them. The default. */
    BACK_TICKS,
    /** ANSI SQL's double quotes as well as back ticks: {@code "my col"} is the identifier {@code `my col`}. */
    ANSI;

    /**
     * {@code sql} with every double-quoted identifier rewritten to back ticks in this quoting; {@code sql} itself in
     * {@link #BACK_TICKS}, or when it has none. A doubled double quote inside ({@code "a""b"}) is one double quote of
     * the name, and a back tick of the name is doubled ({@code "a`b"} is {@code `a``b`}). String literals, comments and
     * the white space between tokens are kept as they are. Left for Flink's parser to judge: an identifier whose
     * closing quote is missing, and a Unicode-escaped one ({@code U&"..."}), whose escapes back ticks cannot carry.
     *
     * @param tokens the tokens {@link SqlLexer#tokenize} gave for {@code sql}
     */
    public String rewrite(String sql, List<SqlToken> tokens) {
        requireNonNull(sql, "sql is null");
        requireNonNull(tokens, "tokens is null");
        if (this == BACK_TICKS) {
            return sql;
        }
        StringBuilder rewritten = null;
        int copied = 0;
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!isClosedDoubleQuoted(token) || isUnicodeEscaped(tokens, i)) {
                continue;
            }
            if (rewritten == null) {
                rewritten = new StringBuilder(sql.length() + 8);
            }
            rewritten.append(sql, copied, token.start()).append('`');
            String name = token.text().substring(1, token.text().length() - 1).replace("\"\"", "\"");
            rewritten.append(name.replace("`", "``")).append('`');
            copied = token.end();
        }
        return rewritten == null
                ? sql
                : rewritten.append(sql, copied, sql.length()).toString();
    }

    /** Whether {@code token} is an identifier in double quotes that its closing quote ends. */
    private static boolean isClosedDoubleQuoted(SqlToken token) {
        String text = token.text();
        if (token.kind() != SqlToken.Kind.QUOTED_IDENTIFIER || text.charAt(0) != '"') {
            return false;
        }
        int i = 1;
        while (i < text.length()) {
            if (text.charAt(i) == '"') {
                if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    i += 2;
                    continue;
                }
                return i == text.length() - 1;
            }
            i++;
        }
        return false;
    }

    /** Whether token {@code index} follows {@code U&} without a gap: a Unicode-escaped identifier. */
    private static boolean isUnicodeEscaped(List<SqlToken> tokens, int index) {
        if (index < 2) {
            return false;
        }
        SqlToken ampersand = tokens.get(index - 1);
        SqlToken prefix = tokens.get(index - 2);
        return ampersand.kind() == SqlToken.Kind.SYMBOL
                && ampersand.text().equals("&")
                && ampersand.end() == tokens.get(index).start()
                && prefix.isWord("U")
                && prefix.end() == ampersand.start();
    }
}
