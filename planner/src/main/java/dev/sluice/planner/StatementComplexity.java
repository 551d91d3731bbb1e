package dev.sluice.planner;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Refuses a statement whose expressions are larger than Flink's planner takes in reasonable time and memory, before
 * any parser sees it. Flink parses a chain of binary operators in time that grows with its square, plans an
 * {@code IN} list of literals as one disjunction per item, and generates a method of Java code per {@code CASE}
 * branch that its code splitter then walks recursively: one statement of a few kilobytes could keep a core busy for
 * minutes or take the gateway's heap (measured figures: docs/security.md). Counting the lexer's tokens is linear and
 * names the place where a bound is crossed.
 *
 * <p>The bounds are per expression, not per statement, so a large statement of many small expressions (a long select
 * list, many rows of {@code VALUES}) passes as long as each list stays within {@link #MAX_LIST_ITEMS}.
 */
final class StatementComplexity {
    // Measured with Flink 2.3 in batch mode, planning and running over a 10-row table on a thread of the JVM's default
    // stack (the gateway's planning threads): an IN list of 1,000 values 2.3 s and 58 MB of heap, of 3,000 257 MB,
    // of 10,000 499 MB; a CASE of 100 branches 129 MB, 200 246 MB, 400 6 s and 516 MB; a chain of 500 '+' passed and
    // 700 overflowed the stack, 400 ANDs passed and 500 overflowed; 1,000 rows of VALUES 246 MB, 5,000 754 MB; 1,000
    // computed columns 325 MB. Each bound sits at a size that passed, at about half of one that failed.

    /** Items of one {@code IN (...)} list of values. */
    static final int MAX_IN_LIST_ITEMS = 1_000;
    /** {@code WHEN} branches of one {@code CASE}. */
    static final int MAX_CASE_BRANCHES = 100;
    /** Binary operators in one expression between commas, parentheses and clause keywords: {@code a + b + c ...}. */
    static final int MAX_OPERATOR_CHAIN = 200;
    /** Items of any one comma-separated list: a select list, the rows of a {@code VALUES}, a function's arguments. */
    static final int MAX_LIST_ITEMS = 1_000;
    /** Tokens of the whole statement: many expressions within their bounds still add up. */
    static final int MAX_TOKENS = 20_000;

    private static final Set<String> OPERATOR_SYMBOLS =
            Set.of("+", "-", "*", "/", "%", "||", "=", "<", ">", "<=", ">=", "<>", "!=");
    private static final Set<String> OPERATOR_WORDS = Set.of("AND", "OR");
    // words that start a clause, whose list is a list of its own
    private static final Set<String> CLAUSE_WORDS =
            Set.of("SELECT", "FROM", "WHERE", "HAVING", "BY", "UNION", "INTERSECT", "EXCEPT", "VALUES", "SET", "ON");
    // words that end one expression and start the next, as a comma does
    private static final Set<String> EXPRESSION_BOUNDARIES = Set.of(
            "SELECT", "FROM", "WHERE", "HAVING", "ON", "BY", "AS", "JOIN", "UNION", "CASE", "WHEN", "THEN", "ELSE",
            "END", "VALUES", "SET");

    private StatementComplexity() {}

    /** @throws StatementTooComplexException at the first place where an expression crosses a bound */
    static void check(String sql, List<SqlToken> tokens) {
        Deque<Group> groups = new ArrayDeque<>();
        groups.push(new Group(false));
        Deque<CaseCount> cases = new ArrayDeque<>();
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            Group group = groups.peek();
            if (token.kind() == SqlToken.Kind.SYMBOL) {
                switch (token.text()) {
                    case "(", "[" -> groups.push(new Group(isValueList(tokens, i)));
                    case ")", "]" -> {
                        if (groups.size() > 1) {
                            groups.pop(); // an unbalanced bracket is Flink's parser's to report
                        }
                    }
                    case "," -> {
                        group.items++;
                        group.operators = 0;
                        if (group.inList && group.items > MAX_IN_LIST_ITEMS) {
                            throw refuse(
                                    sql,
                                    token,
                                    "An IN list of more than " + MAX_IN_LIST_ITEMS + " values",
                                    "put the values in a table (or a VALUES clause) and join it, or split the query");
                        }
                        if (group.items > MAX_LIST_ITEMS) {
                            throw refuse(
                                    sql,
                                    token,
                                    "A list of more than " + MAX_LIST_ITEMS + " items",
                                    "split the statement");
                        }
                    }
                    default -> {
                        if (OPERATOR_SYMBOLS.contains(token.text())) {
                            countOperator(sql, token, group);
                        }
                    }
                }
            } else if (token.kind() == SqlToken.Kind.WORD) {
                String word = token.text().toUpperCase(java.util.Locale.ROOT);
                if (OPERATOR_WORDS.contains(word)) {
                    countOperator(sql, token, group);
                } else if (EXPRESSION_BOUNDARIES.contains(word)) {
                    group.operators = 0;
                }
                if (CLAUSE_WORDS.contains(word)) {
                    group.items = 1;
                }
                if (token.isWord("CASE")) {
                    cases.push(new CaseCount(groups.size()));
                } else if (token.isWord("WHEN") && !cases.isEmpty() && cases.peek().depth == groups.size()) {
                    if (++cases.peek().branches > MAX_CASE_BRANCHES) {
                        throw refuse(
                                sql,
                                token,
                                "A CASE of more than " + MAX_CASE_BRANCHES + " branches",
                                "look the values up in a table and join it, or split the expression");
                    }
                } else if (token.isWord("END") && !cases.isEmpty() && cases.peek().depth == groups.size()) {
                    cases.pop();
                }
            }
        }
        // last, so that a statement that is large because of one expression is told which
        if (tokens.size() > MAX_TOKENS) {
            throw refuse(
                    sql,
                    tokens.get(MAX_TOKENS),
                    "A statement of more than " + MAX_TOKENS + " tokens",
                    "split it into smaller statements");
        }
    }

    private static void countOperator(String sql, SqlToken token, Group group) {
        if (++group.operators > MAX_OPERATOR_CHAIN) {
            throw refuse(
                    sql,
                    token,
                    "An expression of more than " + MAX_OPERATOR_CHAIN + " operators in a row",
                    "split it into smaller expressions");
        }
    }

    /** Whether the parenthesis at {@code open} starts the list of an {@code IN}, rather than a sub-query. */
    private static boolean isValueList(List<SqlToken> tokens, int open) {
        if (open == 0 || !tokens.get(open - 1).isWord("IN") || open + 1 >= tokens.size()) {
            return false;
        }
        SqlToken first = tokens.get(open + 1);
        return !(first.isWord("SELECT") || first.isWord("WITH") || first.isWord("VALUES") || first.isWord("TABLE"));
    }

    private static StatementTooComplexException refuse(String sql, SqlToken token, String problem, String advice) {
        return new StatementTooComplexException(problem + " at " + SqlPosition.of(sql, token.start())
                + ": Flink's planner would take minutes or the" + " gateway's memory for it; " + advice);
    }

    /** The counts of one level of parentheses (or of the statement itself). */
    private static final class Group {
        final boolean inList;
        int items = 1;
        int operators;

        Group(boolean inList) {
            this.inList = inList;
        }
    }

    private static final class CaseCount {
        final int depth;
        int branches;

        CaseCount(int depth) {
            this.depth = depth;
        }
    }
}
