package dev.sluice.bench.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code ?} parameter markers of a statement: those outside string literals ({@code '...'}), quoted identifiers
 * ({@code `...`}, {@code "..."}) and comments ({@code -- ...}, {@code /* ... *}{@code /}), the ones a JDBC driver
 * binds.
 */
final class Placeholders {
    private Placeholders() {}

    /** How many markers {@code sql} has. */
    static int count(String sql) {
        return positions(sql).size();
    }

    /** {@code sql} with each marker replaced by the literal of the same position. */
    static String substitute(String sql, List<String> literals) {
        List<Integer> positions = positions(sql);
        if (positions.size() != literals.size()) {
            throw new IllegalArgumentException("the statement has " + positions.size() + " parameter markers, given "
                    + literals.size() + " values");
        }
        StringBuilder text = new StringBuilder(sql.length() + 16 * literals.size());
        int from = 0;
        for (int i = 0; i < positions.size(); i++) {
            text.append(sql, from, positions.get(i)).append(literals.get(i));
            from = positions.get(i) + 1;
        }
        return text.append(sql, from, sql.length()).toString();
    }

    private static List<Integer> positions(String sql) {
        List<Integer> positions = new ArrayList<>();
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '`' || c == '"') {
                i = endOfQuoted(sql, i, c);
            } else if (sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? sql.length() : end + 1;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? sql.length() : end + 2;
            } else {
                if (c == '?') {
                    positions.add(i);
                }
                i++;
            }
        }
        return positions;
    }

    /** The index after the quoted text that starts at {@code start}; a doubled quote stays inside it. */
    private static int endOfQuoted(String sql, int start, char quote) {
        int i = start + 1;
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
}
