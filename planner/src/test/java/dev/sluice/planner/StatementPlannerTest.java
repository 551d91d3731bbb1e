package dev.sluice.planner;

import dev.sluice.errors.SluiceErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static dev.sluice.planner.StatementRoute.CLUSTER_JOBS;
import static dev.sluice.planner.StatementRoute.CONSTANT_CANDIDATE;
import static dev.sluice.planner.StatementRoute.FLINK;
import static dev.sluice.planner.StatementRoute.PRIMARY_KEYS;
import static dev.sluice.planner.StatementRoute.QUERY_HISTORY;
import static dev.sluice.planner.StatementRoute.RUNNING_QUERIES;
import static dev.sluice.planner.StatementRoute.SESSION_OPTION;
import static dev.sluice.planner.StatementRoute.STOP_JOB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class StatementPlannerTest {
    /** Each route, with what the gateway's four separate checks used to decide for the same text. */
    static Stream<Arguments> routes() {
        return Stream.of(
                arguments("SHOW QUERY HISTORY", StatementKind.SHOW, QUERY_HISTORY),
                arguments("  show query history ; ", StatementKind.SHOW, QUERY_HISTORY),
                arguments("SHOW QUERY HISTORY extra", StatementKind.SHOW, FLINK),
                arguments("SHOW PRIMARY KEYS FROM orders", StatementKind.SHOW, PRIMARY_KEYS),
                arguments("show primary keys", StatementKind.SHOW, PRIMARY_KEYS),
                arguments("SHOW TABLES", StatementKind.SHOW, FLINK),
                arguments("SHOW JOBS", StatementKind.SHOW, CLUSTER_JOBS),
                arguments("show jobs;", StatementKind.SHOW, CLUSTER_JOBS),
                arguments("SHOW JOBS extra", StatementKind.SHOW, FLINK),
                arguments("SHOW QUERIES", StatementKind.SHOW, RUNNING_QUERIES),
                arguments("show queries ;", StatementKind.SHOW, RUNNING_QUERIES),
                arguments("SHOW QUERIES extra", StatementKind.SHOW, FLINK),
                arguments("STOP JOB 'x'", StatementKind.OTHER, STOP_JOB),
                arguments("SET", StatementKind.SET, SESSION_OPTION),
                arguments("SET 'k' = 'v'", StatementKind.SET, SESSION_OPTION),
                arguments("RESET", StatementKind.RESET, SESSION_OPTION),
                arguments("SELECT 1", StatementKind.QUERY, CONSTANT_CANDIDATE),
                arguments("values (1, 'a'), (2, 'b')", StatementKind.QUERY, CONSTANT_CANDIDATE),
                arguments("SELECT 'from'", StatementKind.QUERY, CONSTANT_CANDIDATE),
                arguments("SELECT x FROM t", StatementKind.QUERY, FLINK),
                arguments("(SELECT 1)", StatementKind.QUERY, FLINK),
                arguments("WITH t AS (SELECT 1) SELECT * FROM t", StatementKind.QUERY, FLINK),
                arguments("INSERT INTO t VALUES (1)", StatementKind.DML, FLINK),
                arguments("CREATE TABLE t (a INT)", StatementKind.DDL, FLINK),
                arguments("", StatementKind.OTHER, FLINK));
    }

    @ParameterizedTest
    @MethodSource("routes")
    void classifiesAndRoutesOnce(String sql, StatementKind kind, StatementRoute route) {
        PlannedStatement planned = StatementPlanner.analyze(sql);

        assertThat(planned.kind()).isEqualTo(kind);
        assertThat(planned.route()).isEqualTo(route);
        assertThat(planned.kind()).isEqualTo(StatementClassifier.classify(sql));
    }

    @Test
    void keepsTheTokensAndTheNormalFormThatCachesKeyOn() {
        String sql = "select  a,\n  -- the total\n  sum(b) from t where c = ?";
        PlannedStatement planned = StatementPlanner.analyze(sql);

        assertThat(planned.sql()).isEqualTo(sql);
        assertThat(planned.tokens()).isEqualTo(SqlLexer.tokenize(sql));
        assertThat(planned.normalForm())
                .isEqualTo(SqlLexer.normalize(sql))
                .isEqualTo("select a, sum(b) from t where c = ?");
        assertThat(planned.parameters().parameterCount()).isEqualTo(1);
        assertThat(planned.parameters().markers())
                .isEqualTo(ParameterizedSql.parse(sql).markers());
    }

    @Test
    void parsesSessionOptionsAndPrimaryKeysWhenAsked() {
        assertThat(StatementPlanner.analyze("SET 'a' = 'b'").sessionOption())
                .isEqualTo(new SessionOptionStatement.SetOption("a", "b"));
        assertThat(StatementPlanner.analyze("SHOW PRIMARY KEYS FROM t IN DATABASE d")
                        .primaryKeys())
                .isEqualTo(new PrimaryKeysStatement(null, "d", "t"));
    }

    @Test
    void routesAMalformedStatementByItsLeadingWordsAndRefusesItWhenParsed() {
        PlannedStatement keys = StatementPlanner.analyze("SHOW PRIMARY KEYS orders");
        PlannedStatement option = StatementPlanner.analyze("SET 'a' 'b'");

        assertThat(keys.route()).isEqualTo(PRIMARY_KEYS);
        assertThatThrownBy(keys::primaryKeys)
                .isInstanceOf(InvalidStatementException.class)
                .hasMessageStartingWith("Invalid SHOW PRIMARY KEYS statement");
        assertThat(option.route()).isEqualTo(SESSION_OPTION);
        assertThatThrownBy(option::sessionOption)
                .isInstanceOf(InvalidStatementException.class)
                .hasMessageStartingWith("Invalid SET or RESET statement");
    }

    @Test
    void refusesToParseForAnotherRoute() {
        PlannedStatement query = StatementPlanner.analyze("SELECT 1");

        assertThatThrownBy(query::sessionOption)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("The statement's route is CONSTANT_CANDIDATE, not SESSION_OPTION");
        assertThatThrownBy(query::primaryKeys)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("The statement's route is CONSTANT_CANDIDATE, not PRIMARY_KEYS");
    }

    @Test
    void refusesNestingThatFlinksParserCannotTake() {
        String sql = "SELECT " + "(".repeat(StatementClassifier.MAX_NESTING_DEPTH + 1) + "1"
                + ")".repeat(StatementClassifier.MAX_NESTING_DEPTH + 1);

        assertThatThrownBy(() -> StatementPlanner.analyze(sql))
                .isInstanceOf(InvalidStatementException.class)
                .hasMessageContaining("Statement nested too deeply");
    }

    @Test
    void refusesAStatementLongerThanItsLimitBeforeLexingIt() {
        // an unterminated string literal: lexing it would fail, so the refusal shows nothing lexed it
        String sql = "SELECT '" + "x".repeat(100);

        assertThatThrownBy(() -> StatementPlanner.analyze(sql, 100, "sluice.statement.max-length"))
                .isInstanceOfSatisfying(
                        StatementTooLongException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(SluiceErrorCode.STATEMENT_TOO_LONG))
                .hasMessage("Statement is 108 characters long; at most 100 are allowed (sluice.statement.max-length)");
    }

    @Test
    void acceptsAStatementOfExactlyItsLimit() {
        assertThat(StatementPlanner.analyze("SELECT 1", 8, "limit").kind()).isEqualTo(StatementKind.QUERY);
    }

    @Test
    void saysWhichRoutesTheGatewayAnswersItself() {
        assertThat(Stream.of(StatementRoute.values()).filter(StatementRoute::answeredByGateway))
                .containsExactly(QUERY_HISTORY, CLUSTER_JOBS, RUNNING_QUERIES, STOP_JOB, PRIMARY_KEYS);
    }

    @Test
    void inAnsiQuotingPlansTheStatementRewrittenToBackTicks() {
        PlannedStatement planned = StatementPlanner.analyze(
                "select \"v\" , ? from \"my table\" -- \"note\"", 1000, "max", IdentifierQuoting.ANSI);

        assertThat(planned.sql()).isEqualTo("select `v` , ? from `my table` -- \"note\"");
        assertThat(planned.normalForm()).isEqualTo("select `v` , ? from `my table`");
        assertThat(planned.kind()).isEqualTo(StatementKind.QUERY);
        assertThat(planned.parameters().bind(List.of("1")))
                .as("the marker found in the rewritten text")
                .isEqualTo("select `v` ,  1  from `my table` -- \"note\"");
    }

    @Test
    void inFlinksQuotingKeepsDoubleQuotesForFlinksParser() {
        String sql = "select \"v\" from t";

        assertThat(StatementPlanner.analyze(sql, 1000, "max").sql()).isEqualTo(sql);
        assertThat(StatementPlanner.analyze(sql, 1000, "max", IdentifierQuoting.BACK_TICKS)
                        .sql())
                .isEqualTo(sql);
    }

    @Test
    void refusesATooLongStatementBeforeRewritingIt() {
        assertThatThrownBy(() -> StatementPlanner.analyze("select \"v\"", 5, "max", IdentifierQuoting.ANSI))
                .isInstanceOf(StatementTooLongException.class);
    }
}
