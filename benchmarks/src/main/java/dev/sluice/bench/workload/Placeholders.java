package dev.sluice.bench.workload;

import dev.sluice.planner.ParameterizedSql;
import dev.sluice.planner.SqlToken;

import java.util.List;

/**
 * The {@code ?} parameter markers of a statement: those outside string literals ({@code '...'}), quoted identifiers
 * ({@code `...`}, {@code "..."}) and comments ({@code -- ...}, {@code /* ... *}{@code /}), the ones a JDBC driver
 * binds, found by the gateway's own lexer ({@link ParameterizedSql}), so that the workload and the gateway agree on
 * them.
 */
final class Placeholders {
    private Placeholders() {}

    /** How many markers {@code sql} has. */
    static int count(String sql) {
        return ParameterizedSql.parse(sql).parameterCount();
    }

    /** {@code sql} with each marker replaced by the literal of the same position. */
    static String substitute(String sql, List<String> literals) {
        List<SqlToken> markers = ParameterizedSql.parse(sql).markers();
        if (markers.size() != literals.size()) {
            throw new IllegalArgumentException(
                    "the statement has " + markers.size() + " parameter markers, given " + literals.size() + " values");
        }
        StringBuilder text = new StringBuilder(sql.length() + 16 * literals.size());
        int from = 0;
        for (int i = 0; i < markers.size(); i++) {
            text.append(sql, from, markers.get(i).start()).append(literals.get(i));
            from = markers.get(i).end();
        }
        return text.append(sql, from, sql.length()).toString();
    }
}
