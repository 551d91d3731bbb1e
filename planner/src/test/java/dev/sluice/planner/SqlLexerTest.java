package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class SqlLexerTest {
    static Stream<Arguments> statements() {
        return Stream.of(
                arguments("select 1", List.of("select", "1")),
                arguments("select a,b from t", List.of("select", "a", ",", "b", "from", "t")),
                arguments("select 'it''s ?'", List.of("select", "'it''s ?'")),
                arguments("select 'a\\' , ?", List.of("select", "'a\\'", ",", "?")),
                arguments("select `we``ird ?` from t", List.of("select", "`we``ird ?`", "from", "t")),
                arguments("select \"q ?\"", List.of("select", "\"q ?\"")),
                arguments("select 1 -- ? comment\n, ?", List.of("select", "1", ",", "?")),
                arguments("select 1 // ? comment\r, ?", List.of("select", "1", ",", "?")),
                arguments("select /* ? -- */ ?", List.of("select", "?")),
                arguments(
                        "select /*+ OPTIONS('k'='?') */ ?",
                        List.of("select", "/*+", "OPTIONS", "(", "'k'", "=", "'?'", ")", "*/", "?")),
                arguments("select 1.5E-3, .5, 7e", List.of("select", "1.5E-3", ",", ".5", ",", "7", "e")),
                arguments(
                        "select N'x', X'cafe', U&'\\0041'",
                        List.of("select", "N", "'x'", ",", "X", "'cafe'", ",", "U", "&", "'\\0041'")),
                arguments("select 'unterminated ?", List.of("select", "'unterminated ?")),
                arguments("select /* unterminated ?", List.of("select")),
                arguments("a<>?", List.of("a", "<", ">", "?")));
    }

    @ParameterizedTest
    @MethodSource("statements")
    void splitsIntoTokens(String sql, List<String> expected) {
        assertThat(SqlLexer.tokenize(sql)).extracting(SqlToken::text).containsExactlyElementsOf(expected);
    }

    static Stream<Arguments> sameStatements() {
        return Stream.of(
                arguments("select  1", "select 1"),
                arguments("select\n\t1 -- one\n", "select 1"),
                arguments("/* lead */ select /* mid */ 1", "select 1"),
                arguments("select 'a  b'", "select 'a  b'"));
    }

    @ParameterizedTest
    @MethodSource("sameStatements")
    void normalizesWhiteSpaceAndComments(String sql, String normal) {
        assertThat(SqlLexer.normalize(sql)).isEqualTo(normal);
    }

    static Stream<Arguments> skips() {
        return Stream.of(
                arguments("  x", 2),
                arguments("-- c\nx", 5),
                arguments("// c\r\n x", 7),
                arguments("/* a */ /* b */x", 15),
                arguments("/*+ hint */", 0),
                arguments("/* unterminated", 15),
                arguments("-- no line end", 14),
                arguments("", 0));
    }

    @ParameterizedTest
    @MethodSource("skips")
    void skipsWhiteSpaceAndCommentsButNotHints(String sql, int firstTokenStart) {
        assertThat(SqlLexer.skipWhiteSpaceAndComments(sql, 0)).isEqualTo(firstTokenStart);
    }

    @Test
    void dropsCommentsAndMakesEveryGapOneSpace() {
        assertThat(SqlLexer.normalize("  select  val1,\n\tcount(*)  -- per word\nfrom /* the */ table1\n"))
                .isEqualTo("select val1, count(*) from table1");
        assertThat(SqlLexer.normalize("select val1 from table1 // done"))
                .isEqualTo(SqlLexer.normalize("select val1\nfrom table1"));
    }

    @Test
    void keepsLiteralsQuotedIdentifiersAndTheCaseOfWords() {
        assertThat(SqlLexer.normalize("select 'a  b' from t")).isNotEqualTo(SqlLexer.normalize("select 'a b' from t"));
        assertThat(SqlLexer.normalize("select `a  b` from t")).isEqualTo("select `a  b` from t");
        assertThat(SqlLexer.normalize("select \"--x\" from t")).isEqualTo("select \"--x\" from t");
        assertThat(SqlLexer.normalize("select 1")).isNotEqualTo(SqlLexer.normalize("select 2"));
        // Flink's unquoted identifiers are case-sensitive, and keywords are not told apart from them
        assertThat(SqlLexer.normalize("select a from t")).isNotEqualTo(SqlLexer.normalize("select A from t"));
        assertThat(SqlLexer.normalize("select a from t")).isNotEqualTo(SqlLexer.normalize("SELECT a FROM t"));
    }

    @Test
    void keepsWhetherTokensTouchWhereTheParserCares() {
        // <> is an operator, < > a syntax error; X'AB' a binary literal, X 'AB' an error
        assertThat(SqlLexer.normalize("select a from t where a <> 1")).isEqualTo("select a from t where a <> 1");
        assertThat(SqlLexer.normalize("select a from t where a < > 1"))
                .isNotEqualTo(SqlLexer.normalize("select a from t where a <> 1"));
        assertThat(SqlLexer.normalize("select X'AB'")).isNotEqualTo(SqlLexer.normalize("select X 'AB'"));
        assertThat(SqlLexer.normalize("select a+1 from t")).isNotEqualTo(SqlLexer.normalize("select a + 1 from t"));
    }

    @Test
    void keepsALineBreakBetweenTwoStringLiteralsOnly() {
        // 'a'<line break>'b' is the literal 'ab'; on one line it is an error
        assertThat(SqlLexer.normalize("select 'a'\n  'b'")).isEqualTo("select 'a'\n'b'");
        assertThat(SqlLexer.normalize("select 'a' -- continued\n'b'")).isEqualTo("select 'a'\n'b'");
        assertThat(SqlLexer.normalize("select 'a' 'b'")).isEqualTo("select 'a' 'b'");
        assertThat(SqlLexer.normalize("select 'a'\nfrom t")).isEqualTo("select 'a' from t");
    }

    @Test
    void keepsHintsWhichAreNotComments() {
        assertThat(SqlLexer.normalize("select /*+ OPTIONS('number-of-rows'='2') */ a from t"))
                .isEqualTo("select /*+ OPTIONS('number-of-rows'='2') */ a from t");
        assertThat(SqlLexer.normalize("select /*+ OPTIONS('number-of-rows'='2') */ a from t"))
                .isNotEqualTo(SqlLexer.normalize("select /* OPTIONS('number-of-rows'='2') */ a from t"));
    }

    @Test
    void masksStringAndNumericLiteralsAndDropsComments() {
        assertThat(SqlLexer.maskLiterals("SELECT name, 'it''s' -- secret 42\n FROM t WHERE id = 42 AND `x 1` = 1.5e3"))
                .isEqualTo("SELECT name, ? FROM t WHERE id = ? AND `x 1` = ?");
        assertThat(SqlLexer.maskLiterals("SELECT 'unterminated")).isEqualTo("SELECT ?");
    }
}
