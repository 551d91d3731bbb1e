package dev.sluice.planner;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The planner's entry point: lexes and classifies a statement once, and says what runs it.
 *
 * <p>Nothing here parses beyond tokens, so nothing is rejected for Flink-specific syntax, which Flink's parser judges
 * later. What is refused here is refused before anything runs: nesting deeper than
 * {@link StatementClassifier#MAX_NESTING_DEPTH}. A malformed {@code SET}, {@code RESET}, {@code SHOW PRIMARY KEYS}
 * or {@code STOP JOB} is routed by its leading words and fails when {@link PlannedStatement} parses it, when it runs.
 */
public final class StatementPlanner {
    private StatementPlanner() {}

    /**
     * Refuses {@code sql} if it is longer than {@code maxLength} characters, before lexing it; else lexes and
     * classifies it.
     *
     * @param option the name of the setting that gave {@code maxLength}, which the refusal quotes
     * @throws StatementTooLongException if {@code sql} is longer than {@code maxLength}
     * @throws InvalidStatementException if parentheses and brackets nest deeper than
     *     {@link StatementClassifier#MAX_NESTING_DEPTH}
     */
    public static PlannedStatement analyze(String sql, int maxLength, String option) {
        return analyze(sql, maxLength, option, IdentifierQuoting.BACK_TICKS);
    }

    /**
     * Refuses {@code sql} if it is longer than {@code maxLength} characters, before lexing it; else lexes it, rewrites
     * its identifiers to back ticks if {@code quoting} quotes them otherwise, and classifies the statement it then is.
     * The planned statement's text is the rewritten one, so that whatever reads it (Flink's parser, a prepared
     * statement's template, the plan cache) sees Flink's quoting.
     *
     * @param option the name of the setting that gave {@code maxLength}, which the refusal quotes
     * @throws StatementTooLongException if {@code sql} is longer than {@code maxLength}
     * @throws InvalidStatementException if parentheses and brackets nest deeper than
     *     {@link StatementClassifier#MAX_NESTING_DEPTH}
     */
    public static PlannedStatement analyze(String sql, int maxLength, String option, IdentifierQuoting quoting) {
        requireNonNull(sql, "sql is null");
        requireNonNull(quoting, "quoting is null");
        if (sql.length() > maxLength) {
            throw new StatementTooLongException(sql.length(), maxLength, option);
        }
        List<SqlToken> tokens = SqlLexer.tokenize(sql);
        String rewritten = quoting.rewrite(sql, tokens);
        // lexed again only when a double-quoted identifier was rewritten: every position after it moved
        return rewritten.equals(sql) ? analyze(sql, tokens) : analyze(rewritten);
    }

    /**
     * Lexes and classifies {@code sql}, whatever its length; for text the gateway has already bounded.
     *
     * @throws InvalidStatementException if parentheses and brackets nest deeper than
     *     {@link StatementClassifier#MAX_NESTING_DEPTH}
     */
    public static PlannedStatement analyze(String sql) {
        requireNonNull(sql, "sql is null");
        return analyze(sql, SqlLexer.tokenize(sql));
    }

    private static PlannedStatement analyze(String sql, List<SqlToken> tokens) {
        StatementKind kind = StatementClassifier.classify(sql, tokens);
        return new PlannedStatement(sql, tokens, kind, route(kind, tokens), SqlLexer.normalize(sql, tokens));
    }

    /**
     * Whether a statement could be answered without a job: a {@code SELECT} or {@code VALUES} with no {@code FROM}
     * token, so that a query over tables never pays for the extra parse that tells.
     */
    public static boolean isConstantCandidate(List<SqlToken> tokens) {
        if (tokens.isEmpty()
                || !(tokens.get(0).isWord("SELECT") || tokens.get(0).isWord("VALUES"))) {
            return false;
        }
        return tokens.stream().noneMatch(token -> token.isWord("FROM"));
    }

    private static StatementRoute route(StatementKind kind, List<SqlToken> tokens) {
        if (PrimaryKeysStatement.startsWithShowPrimaryKeys(tokens)) {
            return StatementRoute.PRIMARY_KEYS;
        }
        if (isExactly(tokens, "SHOW", "QUERY", "HISTORY")) {
            return StatementRoute.QUERY_HISTORY;
        }
        if (isExactly(tokens, "SHOW", "JOBS")) {
            return StatementRoute.CLUSTER_JOBS;
        }
        if (isExactly(tokens, "SHOW", "QUERIES")) {
            return StatementRoute.RUNNING_QUERIES;
        }
        if (StopJobStatement.startsWithStopJob(tokens)) {
            return StatementRoute.STOP_JOB;
        }
        if (UserCodeStatement.find(tokens).isPresent()) {
            return StatementRoute.USER_CODE;
        }
        return switch (kind) {
            case SET, RESET -> StatementRoute.SESSION_OPTION;
            case QUERY -> isConstantCandidate(tokens) ? StatementRoute.CONSTANT_CANDIDATE : StatementRoute.FLINK;
            default -> StatementRoute.FLINK;
        };
    }

    /** Whether the statement is exactly {@code words}, in any case, with an optional semicolon. */
    private static boolean isExactly(List<SqlToken> tokens, String... words) {
        int size = tokens.size();
        if (size == words.length + 1
                && tokens.get(size - 1).kind() == SqlToken.Kind.SYMBOL
                && tokens.get(size - 1).text().equals(";")) {
            size--;
        }
        if (size != words.length) {
            return false;
        }
        for (int i = 0; i < words.length; i++) {
            if (!tokens.get(i).isWord(words[i])) {
                return false;
            }
        }
        return true;
    }
}
