package dev.sluice.planner;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A statement lexed and classified once by {@link StatementPlanner}: every later step (the gateway's own answers,
 * session options, the constant-query check, prepare-time analysis, the plan cache) reads this instead of looking at
 * the text again.
 *
 * @param sql the statement as the client sent it (with parameters bound, for a prepared statement)
 * @param tokens its tokens, from {@link SqlLexer#tokenize}
 * @param kind what it does, from {@link StatementClassifier}
 * @param route what runs it
 * @param normalForm its {@link SqlLexer#normalize normal form}, which caches key on
 */
public record PlannedStatement(
        String sql, List<SqlToken> tokens, StatementKind kind, StatementRoute route, String normalForm) {
    public PlannedStatement {
        requireNonNull(sql, "sql is null");
        tokens = List.copyOf(tokens);
        requireNonNull(kind, "kind is null");
        requireNonNull(route, "route is null");
        requireNonNull(normalForm, "normalForm is null");
    }

    /** Its {@code ?} markers. */
    public ParameterizedSql parameters() {
        return ParameterizedSql.parse(sql, tokens);
    }

    /**
     * The {@code SET} or {@code RESET} statement; parsed when asked for, so that a malformed one fails when it runs.
     *
     * @throws IllegalStateException if the route is not {@link StatementRoute#SESSION_OPTION}
     * @throws InvalidStatementException if it is not of {@link SessionOptionStatement}'s syntax
     */
    public SessionOptionStatement sessionOption() {
        requireRoute(StatementRoute.SESSION_OPTION);
        return SessionOptionStatement.parse(sql);
    }

    /**
     * The {@code SHOW PRIMARY KEYS} statement; parsed when asked for, so that a malformed one fails when it runs and
     * not when it is prepared.
     *
     * @throws IllegalStateException if the route is not {@link StatementRoute#PRIMARY_KEYS}
     * @throws InvalidStatementException if it does not fit the syntax of {@link PrimaryKeysStatement}
     */
    public PrimaryKeysStatement primaryKeys() {
        requireRoute(StatementRoute.PRIMARY_KEYS);
        return PrimaryKeysStatement.find(sql, tokens)
                .orElseThrow(() -> new IllegalStateException("Not a SHOW PRIMARY KEYS statement"));
    }

    /**
     * The {@code STOP JOB} statement; parsed when asked for, so that a malformed one fails when it runs.
     *
     * @throws IllegalStateException if the route is not {@link StatementRoute#STOP_JOB}
     * @throws InvalidStatementException if it does not fit the syntax of {@link StopJobStatement}
     */
    public StopJobStatement stopJob() {
        requireRoute(StatementRoute.STOP_JOB);
        return StopJobStatement.find(sql, tokens)
                .orElseThrow(() -> new IllegalStateException("Not a STOP JOB statement"));
    }

    /**
     * The statement that loads code from a jar, with the jar locations it names.
     *
     * @throws IllegalStateException if the route is not {@link StatementRoute#USER_CODE}
     */
    public UserCodeStatement userCode() {
        requireRoute(StatementRoute.USER_CODE);
        return UserCodeStatement.find(tokens)
                .orElseThrow(() -> new IllegalStateException("Not a statement that loads code from a jar"));
    }

    private void requireRoute(StatementRoute expected) {
        if (route != expected) {
            throw new IllegalStateException("The statement's route is " + route + ", not " + expected);
        }
    }
}
