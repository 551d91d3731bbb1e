package dev.sluice.planner;

import java.util.Locale;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Classifies a statement by its leading keyword, skipping white space, comments and opening parentheses.
 *
 * <p>This runs before any parser: it must never reject a statement, because Flink-specific syntax is judged by
 * Flink's own parser later. A statement it does not recognise is {@link StatementKind#OTHER}.
 */
public final class StatementClassifier {
    private static final Map<String, StatementKind> LEADING_KEYWORDS = Map.ofEntries(
            Map.entry("SELECT", StatementKind.QUERY),
            Map.entry("WITH", StatementKind.QUERY),
            Map.entry("VALUES", StatementKind.QUERY),
            Map.entry("TABLE", StatementKind.QUERY),
            Map.entry("INSERT", StatementKind.DML),
            Map.entry("UPDATE", StatementKind.DML),
            Map.entry("DELETE", StatementKind.DML),
            Map.entry("EXECUTE", StatementKind.DML),
            Map.entry("BEGIN", StatementKind.DML),
            Map.entry("CREATE", StatementKind.DDL),
            Map.entry("DROP", StatementKind.DDL),
            Map.entry("ALTER", StatementKind.DDL),
            Map.entry("ANALYZE", StatementKind.DDL),
            Map.entry("TRUNCATE", StatementKind.DDL),
            Map.entry("LOAD", StatementKind.DDL),
            Map.entry("UNLOAD", StatementKind.DDL),
            Map.entry("SET", StatementKind.SET),
            Map.entry("RESET", StatementKind.RESET),
            Map.entry("SHOW", StatementKind.SHOW),
            Map.entry("DESCRIBE", StatementKind.DESCRIBE),
            Map.entry("DESC", StatementKind.DESCRIBE),
            Map.entry("EXPLAIN", StatementKind.EXPLAIN),
            Map.entry("USE", StatementKind.USE));

    private StatementClassifier() {}

    /** Returns the kind of {@code sql}; {@link StatementKind#OTHER} when the leading keyword is unknown or absent. */
    public static StatementKind classify(String sql) {
        requireNonNull(sql, "sql is null");
        String keyword = leadingKeyword(sql);
        return LEADING_KEYWORDS.getOrDefault(keyword.toUpperCase(Locale.ROOT), StatementKind.OTHER);
    }

    /** Returns the first word of {@code sql} after white space, comments and opening parentheses; empty if none. */
    static String leadingKeyword(String sql) {
        int i = skipInsignificant(sql, 0);
        int start = i;
        while (i < sql.length() && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return sql.substring(start, i);
    }

    /** Returns the index of the first character at or after {@code from} that is not white space, a comment or '('. */
    static int skipInsignificant(String sql, int from) {
        int i = from;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == '(') {
                i++;
            } else if (sql.startsWith("--", i) || sql.startsWith("//", i)) {
                // a line comment, in either of the forms Flink's parser (and SqlLexer) accepts, to \n or \r
                while (i < sql.length() && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? sql.length() : end + 2;
            } else {
                return i;
            }
        }
        return i;
    }
}
