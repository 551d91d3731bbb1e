package dev.sluice.planner;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * Sluice's {@code SHOW PRIMARY KEYS} statement, which asks what JDBC's {@code DatabaseMetaData.getPrimaryKeys} asks
 * and is answered from the session's catalogs with the same columns. Avatica's protocol has no request for primary
 * keys, so Sluice's driver sends this statement instead; any client can run it.
 *
 * <p>Syntax: {@code SHOW PRIMARY KEYS FROM table [IN DATABASE database] [IN CATALOG catalog]}, the two {@code IN}
 * clauses in either order. Each name is an identifier, in back ticks if need be, or a string literal; names are
 * matched exactly, not as patterns. As in JDBC, a database or catalog that is not given does not narrow the search
 * (it is not the current one), and an empty one matches nothing.
 *
 * @param catalog the catalog, or null for any
 * @param database the database (JDBC schema), or null for any
 * @param table the table or view
 */
public record PrimaryKeysStatement(
        @Nullable String catalog, @Nullable String database, String table) {
    private static final String INVALID = "Invalid SHOW PRIMARY KEYS statement";
    private static final String SYNTAX =
            "the syntax is SHOW PRIMARY KEYS FROM table [IN DATABASE database] [IN CATALOG catalog]";

    public PrimaryKeysStatement {
        requireNonNull(table, "table is null");
    }

    /**
     * The statement {@code sql} if it is a {@code SHOW PRIMARY KEYS} statement; empty for any other statement.
     *
     * @throws InvalidStatementException if it starts with {@code SHOW PRIMARY KEYS} but does not fit the syntax; the
     *     message gives the line and column of the first token that does not fit
     */
    public static Optional<PrimaryKeysStatement> find(String sql) {
        requireNonNull(sql, "sql is null");
        // most statements are not SHOW: look at the first word before tokenizing the whole text
        int start = SqlLexer.skipWhiteSpaceAndComments(sql, 0);
        if (!sql.regionMatches(true, start, "SHOW", 0, 4)) {
            return Optional.empty();
        }
        return find(sql, SqlLexer.tokenize(sql));
    }

    /**
     * As {@link #find(String)}, from the tokens {@link SqlLexer#tokenize} gave for {@code sql}.
     *
     * @throws InvalidStatementException if it starts with {@code SHOW PRIMARY KEYS} but does not fit the syntax
     */
    public static Optional<PrimaryKeysStatement> find(String sql, List<SqlToken> tokens) {
        requireNonNull(sql, "sql is null");
        if (!startsWithShowPrimaryKeys(tokens)) {
            return Optional.empty();
        }
        return Optional.of(new Reader(sql, tokens).statement());
    }

    /** Whether the tokens start with {@code SHOW PRIMARY KEYS}, whether or not the rest fits the syntax. */
    static boolean startsWithShowPrimaryKeys(List<SqlToken> tokens) {
        return tokens.size() >= 3
                && tokens.get(0).isWord("SHOW")
                && tokens.get(1).isWord("PRIMARY")
                && tokens.get(2).isWord("KEYS");
    }

    /** Reads the tokens after {@code SHOW PRIMARY KEYS}. */
    private static final class Reader {
        private final String sql;
        private final List<SqlToken> tokens;
        private int next = 3;

        Reader(String sql, List<SqlToken> tokens) {
            this.sql = sql;
            this.tokens = tokens;
        }

        PrimaryKeysStatement statement() {
            expectWord("FROM");
            String table = name();
            String database = null;
            String catalog = null;
            while (next < tokens.size() && tokens.get(next).isWord("IN")) {
                next++;
                if (database == null && peekWord("DATABASE")) {
                    next++;
                    database = name();
                } else if (catalog == null && peekWord("CATALOG")) {
                    next++;
                    catalog = name();
                } else {
                    throw invalid("expected DATABASE or CATALOG, each at most once");
                }
            }
            if (next < tokens.size() && tokens.get(next).text().equals(";")) {
                next++;
            }
            if (next < tokens.size()) {
                throw invalid("expected IN DATABASE, IN CATALOG or the end of the statement");
            }
            return new PrimaryKeysStatement(catalog, database, table);
        }

        private void expectWord(String word) {
            if (!peekWord(word)) {
                throw invalid("expected " + word);
            }
            next++;
        }

        private boolean peekWord(String word) {
            return next < tokens.size() && tokens.get(next).isWord(word);
        }

        /** An identifier, a back-quoted identifier or a string literal. */
        private String name() {
            if (next >= tokens.size()) {
                throw invalid("expected a name");
            }
            SqlToken token = tokens.get(next);
            String name = switch (token.kind()) {
                case WORD -> token.text();
                case QUOTED_IDENTIFIER -> token.text().startsWith("`") ? unquoted(token, '`') : null;
                case STRING -> token.text().startsWith("'") ? unquoted(token, '\'') : null;
                case NUMBER, PARAMETER, SYMBOL -> null;
            };
            if (name == null) {
                throw invalid("expected a name: an identifier, one in back ticks or a string literal");
            }
            next++;
            return name;
        }

        /** The text between the quotes with doubled quotes undone; an unclosed token is an error. */
        private String unquoted(SqlToken token, char quote) {
            String text = token.text();
            String inner = text.length() >= 2 && text.charAt(text.length() - 1) == quote
                    ? text.substring(1, text.length() - 1)
                    : null;
            String doubled = String.valueOf(quote).repeat(2);
            if (inner == null || inner.replace(doubled, "").indexOf(quote) >= 0) {
                throw invalid("the quoted name is not closed");
            }
            return inner.replace(doubled, String.valueOf(quote));
        }

        /** An error at the current token, or at the end of the text if there is none. */
        private InvalidStatementException invalid(String problem) {
            int offset = next < tokens.size() ? tokens.get(next).start() : sql.length();
            return InvalidStatementException.at(sql, offset, INVALID, problem + "; " + SYNTAX);
        }
    }
}
