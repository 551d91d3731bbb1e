package dev.sluice.planner;

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
}
