package dev.sluice.planner;

import java.time.LocalDate;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * {@code CURRENT_DATE} of a batch query written as the date it stands for: Flink evaluates it once, when a batch query
 * starts, in the session's time zone, so {@code DATE '2026-11-28'} written in when the query starts means the same.
 * The query then has no function whose value its plan fixes: its plan may be reused the same day, and with another
 * day's date as a template ({@link dev.sluice.planner.parametric.StatementLiterals}), where Flink's own plan of {@code
 * CURRENT_DATE} would be planned every time. Not for streaming queries, where Flink evaluates it per row.
 */
public final class QueryStartDate {
    private static final String CURRENT_DATE = "CURRENT_DATE";

    private QueryStartDate() {}

    /**
     * {@code statement} with each {@code CURRENT_DATE} replaced by {@code today}'s date literal, analysed again; the
     * statement itself if it has none.
     */
    public static PlannedStatement bind(PlannedStatement statement, LocalDate today) {
        requireNonNull(statement, "statement is null");
        requireNonNull(today, "today is null");
        List<SqlToken> tokens = statement.tokens();
        StringBuilder bound = null;
        int copied = 0;
        String sql = statement.sql();
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!isCurrentDate(tokens, i)) {
                continue;
            }
            if (bound == null) {
                bound = new StringBuilder(sql.length() + 16);
            }
            bound.append(sql, copied, token.start())
                    .append("DATE '")
                    .append(today)
                    .append('\'');
            copied = token.end();
        }
        if (bound == null) {
            return statement;
        }
        return StatementPlanner.analyze(bound.append(sql, copied, sql.length()).toString());
    }

    /** The function {@code CURRENT_DATE}: the bare word, not a field ({@code t.current_date}) or a call of that name. */
    private static boolean isCurrentDate(List<SqlToken> tokens, int index) {
        SqlToken token = tokens.get(index);
        if (!token.isWord(CURRENT_DATE)) {
            return false;
        }
        boolean field = index > 0 && tokens.get(index - 1).text().equals(".");
        boolean call = index + 1 < tokens.size() && tokens.get(index + 1).text().equals("(");
        return !field && !call;
    }
}
