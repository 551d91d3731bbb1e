package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class IdentifierQuotingTest {
    /** Statements in ANSI quoting and what Flink's parser is given for each. */
    static Stream<Arguments> rewrites() {
        return Stream.of(
                arguments("SELECT \"v\" FROM (VALUES (1)) AS t(\"v\")", "SELECT `v` FROM (VALUES (1)) AS t(`v`)"),
                arguments("select \"my col\" from \"my table\"", "select `my col` from `my table`"),
                arguments("SELECT \"cat\".\"db\".\"t\".\"c\" FROM x", "SELECT `cat`.`db`.`t`.`c` FROM x"),
                // a doubled double quote is one double quote of the name; a back tick of the name is doubled
                arguments("SELECT \"a\"\"b\" FROM t", "SELECT `a\"b` FROM t"),
                arguments("SELECT \"\"\"quoted\"\"\" FROM t", "SELECT `\"quoted\"` FROM t"),
                arguments("SELECT \"a`b\" FROM t", "SELECT `a``b` FROM t"),
                arguments("SELECT \"a``\"\"b\" FROM t", "SELECT `a````\"b` FROM t"),
                // string literals are kept, double quotes and doubled single quotes in them too
                arguments("SELECT 'say \"hi\"' AS \"greeting\"", "SELECT 'say \"hi\"' AS `greeting`"),
                arguments("SELECT 'it''s \"x\"', \"y\" FROM t", "SELECT 'it''s \"x\"', `y` FROM t"),
                arguments("SELECT E'a\\'\"b\"' AS \"c\"", "SELECT E'a\\'\"b\"' AS `c`"),
                arguments("SELECT X'AB', N'\"n\"' FROM \"t\"", "SELECT X'AB', N'\"n\"' FROM `t`"),
                // comments and white space are kept as they are
                arguments(
                        "-- \"line\"\nSELECT /* \"block\" */ \"v\"  // \"more\"\n FROM t",
                        "-- \"line\"\nSELECT /* \"block\" */ `v`  // \"more\"\n FROM t"),
                // a hint's contents are tokens, in the hint's quoting as anywhere else
                arguments(
                        "SELECT * FROM \"t\" /*+ OPTIONS('k'='\"v\"') */",
                        "SELECT * FROM `t` /*+ OPTIONS('k'='\"v\"') */"),
                // back ticks are Flink's and stay
                arguments("SELECT `a`, \"b\", `c\"d` FROM t", "SELECT `a`, `b`, `c\"d` FROM t"),
                // names in any script, beyond the Basic Multilingual Plane too
                arguments("SELECT \"日本語 列\", \"ümlaut\" FROM \"表\"", "SELECT `日本語 列`, `ümlaut` FROM `表`"),
                arguments("SELECT \"\uD83D\uDE00\" FROM t", "SELECT `\uD83D\uDE00` FROM t"),
                arguments("SELECT \"two\nlines\" FROM t", "SELECT `two\nlines` FROM t"),
                // markers stay markers
                arguments(
                        "SELECT \"v\" FROM t WHERE \"k\" = ? AND x = '?'",
                        "SELECT `v` FROM t WHERE `k` = ? AND x = '?'"));
    }

    @ParameterizedTest
    @MethodSource("rewrites")
    void rewritesDoubleQuotedIdentifiersToBackTicks(String sql, String rewritten) {
        assertThat(IdentifierQuoting.ANSI.rewrite(sql, SqlLexer.tokenize(sql))).isEqualTo(rewritten);
    }

    /** Statements that ANSI quoting leaves as they are, for Flink's parser to judge. */
    static Stream<String> unchanged() {
        return Stream.of(
                "SELECT 1",
                "SELECT `v` FROM t",
                "SELECT 'a \"quoted\" string'",
                "SELECT 1 -- \"comment\"",
                // no closing quote: Flink's parser reports it where it is
                "SELECT \"open FROM t",
                "SELECT \"open\"\" FROM t",
                // a Unicode-escaped identifier, whose escapes back ticks cannot carry
                "SELECT U&\"d\\0061t\" FROM t",
                "");
    }

    @ParameterizedTest
    @MethodSource("unchanged")
    void leavesTheRestAsItIs(String sql) {
        assertThat(IdentifierQuoting.ANSI.rewrite(sql, SqlLexer.tokenize(sql))).isEqualTo(sql);
    }

    @Test
    void flinksQuotingRewritesNothing() {
        String sql = "SELECT \"v\" FROM t";

        assertThat(IdentifierQuoting.BACK_TICKS.rewrite(sql, SqlLexer.tokenize(sql)))
                .isSameAs(sql);
    }

    @Test
    void aRewrittenStatementLexesAsTheBackTickedOne() {
        String sql = "SELECT \"a\"\"b\", ? FROM \"t\" WHERE c = 'x\"y'";
        String rewritten = IdentifierQuoting.ANSI.rewrite(sql, SqlLexer.tokenize(sql));

        List<SqlToken> tokens = SqlLexer.tokenize(rewritten);

        assertThat(tokens)
                .filteredOn(token -> token.kind() == SqlToken.Kind.QUOTED_IDENTIFIER)
                .extracting(SqlToken::text)
                .containsExactly("`a\"b`", "`t`");
        assertThat(tokens)
                .filteredOn(token -> token.kind() == SqlToken.Kind.STRING)
                .extracting(SqlToken::text)
                .containsExactly("'x\"y'");
    }
}
