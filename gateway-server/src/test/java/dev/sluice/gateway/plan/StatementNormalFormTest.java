package dev.sluice.gateway.plan;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

final class StatementNormalFormTest {
    @Test
    void dropsCommentsAndMakesEveryGapOneSpace() {
        assertThat(StatementNormalForm.of("  select  val1,\n\tcount(*)  -- per word\nfrom /* the */ table1\n"))
                .isEqualTo("select val1, count(*) from table1");
        assertThat(StatementNormalForm.of("select val1 from table1 // done"))
                .isEqualTo(StatementNormalForm.of("select val1\nfrom table1"));
    }

    @Test
    void keepsLiteralsQuotedIdentifiersAndTheCaseOfWords() {
        assertThat(StatementNormalForm.of("select 'a  b' from t"))
                .isNotEqualTo(StatementNormalForm.of("select 'a b' from t"));
        assertThat(StatementNormalForm.of("select `a  b` from t")).isEqualTo("select `a  b` from t");
        assertThat(StatementNormalForm.of("select \"--x\" from t")).isEqualTo("select \"--x\" from t");
        assertThat(StatementNormalForm.of("select 1")).isNotEqualTo(StatementNormalForm.of("select 2"));
        // Flink's unquoted identifiers are case-sensitive, and keywords are not told apart from them
        assertThat(StatementNormalForm.of("select a from t")).isNotEqualTo(StatementNormalForm.of("select A from t"));
        assertThat(StatementNormalForm.of("select a from t")).isNotEqualTo(StatementNormalForm.of("SELECT a FROM t"));
    }

    @Test
    void keepsWhetherTokensTouchWhereTheParserCares() {
        // <> is an operator, < > a syntax error; X'AB' a binary literal, X 'AB' an error
        assertThat(StatementNormalForm.of("select a from t where a <> 1")).isEqualTo("select a from t where a <> 1");
        assertThat(StatementNormalForm.of("select a from t where a < > 1"))
                .isNotEqualTo(StatementNormalForm.of("select a from t where a <> 1"));
        assertThat(StatementNormalForm.of("select X'AB'")).isNotEqualTo(StatementNormalForm.of("select X 'AB'"));
        assertThat(StatementNormalForm.of("select a+1 from t"))
                .isNotEqualTo(StatementNormalForm.of("select a + 1 from t"));
    }

    @Test
    void keepsALineBreakBetweenTwoStringLiteralsOnly() {
        // 'a'<line break>'b' is the literal 'ab'; on one line it is an error
        assertThat(StatementNormalForm.of("select 'a'\n  'b'")).isEqualTo("select 'a'\n'b'");
        assertThat(StatementNormalForm.of("select 'a' -- continued\n'b'")).isEqualTo("select 'a'\n'b'");
        assertThat(StatementNormalForm.of("select 'a' 'b'")).isEqualTo("select 'a' 'b'");
        assertThat(StatementNormalForm.of("select 'a'\nfrom t")).isEqualTo("select 'a' from t");
    }

    @Test
    void keepsHintsWhichAreNotComments() {
        assertThat(StatementNormalForm.of("select /*+ OPTIONS('number-of-rows'='2') */ a from t"))
                .isEqualTo("select /*+ OPTIONS('number-of-rows'='2') */ a from t");
        assertThat(StatementNormalForm.of("select /*+ OPTIONS('number-of-rows'='2') */ a from t"))
                .isNotEqualTo(StatementNormalForm.of("select /* OPTIONS('number-of-rows'='2') */ a from t"));
    }
}
