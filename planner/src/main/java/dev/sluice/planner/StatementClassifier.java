package dev.sluice.planner;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Classifies a statement by its leading keyword: the first token of {@link SqlLexer} that is not an opening
 * parenthesis, so white space, comments, string literals and quoted identifiers follow Flink's lexical rules.
 *
 * <p>This runs before any parser and never rejects a statement for its syntax, because Flink-specific syntax (a
 * {@code WITH (...)} clause in DDL, hints, window functions) is judged by Flink's own parser later. A statement it
 * does not recognise is {@link StatementKind#OTHER}. What it refuses is nesting deeper than
 * {@link #MAX_NESTING_DEPTH}, which Flink's parser cannot take, and expressions larger than its planner takes
 * ({@link StatementComplexity}).
 */
public final class StatementClassifier {
    /**
     * How deeply parentheses and brackets may nest in a statement. Flink's parser needs stack for every level and
     * overflows a default 1 MiB thread stack at a few hundred levels (about 400 for nested function calls); this
     * limit leaves room for the validator and planner, which recurse over the same tree.
     */
    public static final int MAX_NESTING_DEPTH = 250;

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
            Map.entry("END", StatementKind.DML),
            Map.entry("CREATE", StatementKind.DDL),
            Map.entry("REPLACE", StatementKind.DDL),
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

    /**
     * Returns the kind of {@code sql}; {@link StatementKind#OTHER} when the leading keyword is unknown or absent.
     *
     * @throws InvalidStatementException if parentheses and brackets nest deeper than {@link #MAX_NESTING_DEPTH}; the
     *     message gives the line and column where the limit is crossed
     */
    public static StatementKind classify(String sql) {
        requireNonNull(sql, "sql is null");
        return classify(sql, SqlLexer.tokenize(sql));
    }

    /**
     * The kind of {@code sql} from the tokens {@link SqlLexer#tokenize} gave for it; as {@link #classify(String)}.
     *
     * @throws InvalidStatementException if parentheses and brackets nest deeper than {@link #MAX_NESTING_DEPTH}
     */
    public static StatementKind classify(String sql, List<SqlToken> tokens) {
        requireNonNull(sql, "sql is null");
        requireNonNull(tokens, "tokens is null");
        NestingDepth.check(sql, tokens, MAX_NESTING_DEPTH);
        StatementComplexity.check(sql, tokens);
        for (SqlToken token : tokens) {
            if (token.kind() == SqlToken.Kind.SYMBOL && token.text().equals("(")) {
                continue;
            }
            if (token.kind() != SqlToken.Kind.WORD) {
                return StatementKind.OTHER;
            }
            return LEADING_KEYWORDS.getOrDefault(token.text().toUpperCase(Locale.ROOT), StatementKind.OTHER);
        }
        return StatementKind.OTHER;
    }
}
