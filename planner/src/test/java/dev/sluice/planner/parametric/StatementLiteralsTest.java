package dev.sluice.planner.parametric;

import dev.sluice.planner.SqlLexer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class StatementLiteralsTest {
    private static StatementLiterals of(String sql) {
        return StatementLiterals.of(sql, SqlLexer.tokenize(sql));
    }

    @Test
    void findsTheValuesOfAFilter() {
        StatementLiterals literals = of("select * from t where a = 5 and b = 'o''brien' and c > -2.50"
                + " and d >= DATE '2024-01-01' and e < TIMESTAMP '2024-01-02 03:04:05.100' and f = 5000000000");

        assertThat(literals.slots())
                .extracting(LiteralSlot::kind)
                .containsExactly(
                        LiteralSlot.Kind.INTEGER,
                        LiteralSlot.Kind.STRING,
                        LiteralSlot.Kind.DECIMAL,
                        LiteralSlot.Kind.DATE,
                        LiteralSlot.Kind.TIMESTAMP,
                        LiteralSlot.Kind.BIGINT);
        assertThat(literals.values())
                .containsExactly("5", "o'brien", "-2.50", "2024-01-01", "2024-01-02 03:04:05.1", "5000000000");
        assertThat(literals.slots().get(2).shape()).isEqualTo("(1,2)");
        assertThat(literals.slots().get(4).shape()).isEqualTo("(3)");
    }

    @Test
    void statementsThatDifferInValuesOnlyHaveOneTemplate() {
        assertThat(of("select * from t where a = 5 and b = 'x'").template())
                .isEqualTo(of("select  *  from t where a = 17 and b = 'longer'").template())
                .isEqualTo(of("select * from t where a = -3 and b = ''").template());
    }

    @Test
    void valuesOfAnotherTypeOrShapeMakeAnotherTemplate() {
        String template = of("select * from t where a = 5 and b = 1.25").template();

        assertThat(of("select * from t where a = 5000000000 and b = 1.25").template())
                .isNotEqualTo(template);
        assertThat(of("select * from t where a = 5 and b = 1.250").template()).isNotEqualTo(template);
        assertThat(of("select * from t where a = 5 and b = 12.25").template()).isNotEqualTo(template);
        assertThat(of("select * from t where a = 'x' and b = 1.25").template()).isNotEqualTo(template);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "select * from t limit 10",
                "select * from t order by a limit 5 offset 10",
                "select * from t order by 2",
                "select cast(a as decimal(10, 2)) from t",
                "select cast(a as varchar(20)) from t",
                "select * from t where ts > now() - interval '1' day",
                "select * from t where b = X'AB'",
                "select * from t /*+ OPTIONS('scan.snapshot-id' = '3') */",
                "select * from t where a > 1.5E3",
                "select * from t where a = 'one' 'two'",
                "select * from t where d = DATE 'tomorrow'",
            })
    void leavesLiteralsThatShapeThePlanInTheTemplate(String sql) {
        assertThat(of(sql).isEmpty()).as(sql).isTrue();
        assertThat(of(sql).template()).isEqualTo(SqlLexer.normalize(sql));
    }

    @Test
    void aMinusAfterAnOperandIsNotASign() {
        StatementLiterals literals = of("select a -5, a - 5, (-5) from t");

        assertThat(literals.values()).containsExactly("5", "5", "-5");
    }

    @Test
    void writesOtherLiteralsInTheSlots() {
        StatementLiterals literals = of("select * from t where a = -5 and b = 'x' -- note\n and c < 2");

        assertThat(literals.sqlWith(List.of("1000003", "'sluicea50'", "7")))
                .isEqualTo("select * from t where a = 1000003 and b = 'sluicea50' -- note\n and c < 7");
    }

    @Test
    void aStatementWithTooManyLiteralsHasNoTemplate() {
        StringBuilder sql = new StringBuilder("select * from t where a in (0");
        for (int i = 1; i <= StatementLiterals.MAX_SLOTS; i++) {
            sql.append(", ").append(i);
        }
        assertThat(of(sql.append(")").toString()).isEmpty()).isTrue();
    }
}
