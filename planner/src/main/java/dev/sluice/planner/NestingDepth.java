package dev.sluice.planner;

import java.util.List;

/**
 * Refuses a statement whose parentheses and brackets nest more deeply than a limit, before any parser sees it.
 *
 * <p>Flink's parser is Calcite's recursive-descent parser: every level of nesting costs stack frames, and on a thread
 * with the JVM's default 1 MiB stack it overflows at a few hundred levels (measured with Flink 2.3: nested function
 * calls from about 400, parenthesised expressions from about 600). Flink then loses the {@link StackOverflowError}
 * and throws a {@link NullPointerException}, which would reach the client as an internal error. Counting the brackets
 * of the lexer's tokens is linear, cannot overflow, and names the place where the limit is crossed.
 */
final class NestingDepth {
    private NestingDepth() {}

    /**
     * @throws InvalidStatementException at the first opening parenthesis or bracket that nests deeper than
     *     {@code maxDepth}
     */
    static void check(String sql, List<SqlToken> tokens, int maxDepth) {
        int depth = 0;
        for (SqlToken token : tokens) {
            if (token.kind() != SqlToken.Kind.SYMBOL) {
                continue;
            }
            String symbol = token.text();
            if (symbol.equals("(") || symbol.equals("[")) {
                depth++;
                if (depth > maxDepth) {
                    throw InvalidStatementException.at(
                            sql,
                            token.start(),
                            "Statement nested too deeply",
                            "parentheses and brackets may nest at most " + maxDepth + " levels");
                }
            } else if ((symbol.equals(")") || symbol.equals("]")) && depth > 0) {
                // an unbalanced closing bracket is Flink's parser's to report
                depth--;
            }
        }
    }
}
