package dev.sluice.planner;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A statement with {@code ?} parameter markers, found by {@link SqlLexer} so that a {@code ?} inside a string
 * literal, a quoted identifier or a comment is not a marker.
 *
 * <p>Flink SQL has no bind variables, so {@link #bind} replaces each marker with a literal that
 * {@link SqlLiterals} rendered. A rendered literal is one self-contained expression, so binding changes the statement
 * only at the markers' positions: a value can never end a literal early, open a comment or add a clause.
 */
public final class ParameterizedSql {
    private final String sql;
    private final List<SqlToken> markers;
    // per marker: whether it stands where Flink's parser wants a row count, an unsigned integer literal
    private final List<Boolean> rowCounts;

    private ParameterizedSql(String sql, List<SqlToken> markers, List<Boolean> rowCounts) {
        this.sql = sql;
        this.markers = List.copyOf(markers);
        this.rowCounts = List.copyOf(rowCounts);
    }

    public static ParameterizedSql parse(String sql) {
        requireNonNull(sql, "sql is null");
        return parse(sql, SqlLexer.tokenize(sql));
    }

    /** The markers of {@code sql} among the tokens {@link SqlLexer#tokenize} gave for it. */
    public static ParameterizedSql parse(String sql, List<SqlToken> tokens) {
        requireNonNull(sql, "sql is null");
        List<SqlToken> markers = new ArrayList<>();
        List<Boolean> rowCounts = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (token.kind() == SqlToken.Kind.PARAMETER) {
                markers.add(token);
                rowCounts.add(isRowCount(tokens, i));
            }
        }
        return new ParameterizedSql(sql, markers, rowCounts);
    }

    /**
     * Whether the marker at {@code index} is a row count: after {@code LIMIT} or {@code OFFSET}, or in
     * {@code FETCH FIRST|NEXT ? ROWS}, where Flink's parser takes only an unsigned integer literal, no expression.
     */
    private static boolean isRowCount(List<SqlToken> tokens, int index) {
        String previous = index > 0 ? word(tokens.get(index - 1)) : "";
        if (previous.equals("LIMIT") || previous.equals("OFFSET")) {
            return true;
        }
        return (previous.equals("FIRST") || previous.equals("NEXT"))
                && index > 1
                && word(tokens.get(index - 2)).equals("FETCH");
    }

    private static String word(SqlToken token) {
        return token.kind() == SqlToken.Kind.WORD ? token.text().toUpperCase(java.util.Locale.ROOT) : "";
    }

    /**
     * Whether marker {@code index} stands where Flink wants a row count ({@code LIMIT ?}, {@code OFFSET ?},
     * {@code FETCH FIRST ? ROWS}): its value must be bound as an unsigned integer literal, not a typed expression.
     */
    public boolean isRowCount(int index) {
        return rowCounts.get(index);
    }

    public String sql() {
        return sql;
    }

    public int parameterCount() {
        return markers.size();
    }

    /** Where each marker is in the text, in order. */
    public List<SqlToken> markers() {
        return markers;
    }

    /**
     * The statement with marker {@code i} replaced by {@code literals.get(i)}.
     *
     * @throws IllegalArgumentException if there is not exactly one literal per marker
     */
    public String bind(List<String> literals) {
        requireNonNull(literals, "literals is null");
        if (literals.size() != markers.size()) {
            throw new IllegalArgumentException(
                    "The statement has " + markers.size() + " parameters, but " + literals.size() + " were bound");
        }
        StringBuilder bound = new StringBuilder(sql.length() + 16 * literals.size());
        int copied = 0;
        for (int i = 0; i < markers.size(); i++) {
            SqlToken marker = markers.get(i);
            bound.append(sql, copied, marker.start());
            // spaces keep a literal from fusing with a neighbouring token (e.g. "-?" and a negative number)
            bound.append(' ')
                    .append(requireNonNull(literals.get(i), "literal is null"))
                    .append(' ');
            copied = marker.end();
        }
        bound.append(sql, copied, sql.length());
        return bound.toString();
    }
}
