package dev.sluice.gateway.plan;

import dev.sluice.planner.SqlLexer;
import dev.sluice.planner.SqlToken;

import java.util.List;

/**
 * The text of a statement as its cached plan is found by: its tokens as Flink's parser reads them, comments dropped
 * and every gap between two tokens made one space, so re-indenting a query or editing a comment finds the same plan.
 *
 * <p>Two statements with one normal form must mean the same to Flink, so whatever the parser tells apart is kept:
 * literals and quoted identifiers exactly; the case of every word, since Flink's unquoted identifiers are
 * case-sensitive and a keyword could only be told from an identifier with the parser's own word list (so
 * {@code select} and {@code SELECT} are two entries); whether two tokens touch ({@code <>} is an operator and
 * {@code < >} a syntax error, {@code X'AB'} a binary literal and {@code X 'AB'} an error); and a line break between
 * two string literals, which Flink joins into one only across lines ({@code 'a' 'b'} on one line is an error).
 */
public final class StatementNormalForm {
    private StatementNormalForm() {}

    /** The normal form of {@code sql}. */
    public static String of(String sql) {
        List<SqlToken> tokens = SqlLexer.tokenize(sql);
        StringBuilder normal = new StringBuilder(sql.length());
        SqlToken previous = null;
        for (SqlToken token : tokens) {
            if (previous != null) {
                normal.append(gap(sql, previous, token));
            }
            normal.append(token.text());
            previous = token;
        }
        return normal.toString();
    }

    private static String gap(String sql, SqlToken previous, SqlToken next) {
        if (previous.end() == next.start()) {
            return "";
        }
        boolean betweenStrings = previous.kind() == SqlToken.Kind.STRING && next.kind() == SqlToken.Kind.STRING;
        if (betweenStrings && containsLineBreak(sql, previous.end(), next.start())) {
            return "\n";
        }
        return " ";
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
}
