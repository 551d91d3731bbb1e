package dev.sluice.planner;

import org.junit.jupiter.api.Test;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The bounds on one expression's size that the planner applies before Flink parses a statement. */
final class StatementComplexityTest {
    @Test
    void anInListUpToTheBoundPassesAndOneMoreIsRefusedWhereItCrossesIt() {
        assertThatCode(() -> StatementPlanner.analyze("select * from t where x in (" + values(1_000) + ")"))
                .doesNotThrowAnyException();

        assertThatThrownBy(() -> StatementPlanner.analyze("select * from t where x in (" + values(1_001) + ")"))
                .isInstanceOf(StatementTooComplexException.class)
                .hasMessageStartingWith("An IN list of more than 1000 values at line 1, column ")
                .hasMessageContaining("join it");
    }

    @Test
    void anInSubQueryIsNotAValueList() {
        assertThatCode(() -> StatementPlanner.analyze("select * from t where x in (select y from u where y in (1, 2))"))
                .doesNotThrowAnyException();
    }

    @Test
    void aCaseOfTooManyBranchesIsRefusedButNestedCasesCountSeparately() {
        String branches = IntStream.range(0, 101)
                .mapToObj(i -> " when x = " + i + " then 'v" + i + "'")
                .collect(Collectors.joining());
        assertThatThrownBy(() -> StatementPlanner.analyze("select case" + branches + " end from t"))
                .isInstanceOf(StatementTooComplexException.class)
                .hasMessageStartingWith("A CASE of more than 100 branches");

        String nested = IntStream.range(0, 80)
                .mapToObj(i -> " when x = " + i + " and y > 0 then case when y = 1 then 1 when y = 2 then 2 end")
                .collect(Collectors.joining());
        assertThatCode(() -> StatementPlanner.analyze("select case" + nested + " end, case" + nested + " end from t"))
                .doesNotThrowAnyException();
    }

    @Test
    void aLongOperatorChainIsRefusedButCommasAndParenthesesStartNewExpressions() {
        String chain = "1" + " + 1".repeat(201);
        assertThatThrownBy(() -> StatementPlanner.analyze("select " + chain))
                .isInstanceOf(StatementTooComplexException.class)
                .hasMessageStartingWith("An expression of more than 200 operators in a row");
        assertThatThrownBy(() -> StatementPlanner.analyze("select * from t where a = 1" + " and a = 1".repeat(100)))
                .isInstanceOf(StatementTooComplexException.class);

        String columns = IntStream.range(0, 600).mapToObj(i -> "x + " + i).collect(Collectors.joining(", "));
        assertThatCode(() -> StatementPlanner.analyze("select " + columns + " from t"))
                .doesNotThrowAnyException();
        String grouped = IntStream.range(0, 150).mapToObj(i -> "(x + 1)").collect(Collectors.joining(" * "));
        assertThatCode(() -> StatementPlanner.analyze("select " + grouped)).doesNotThrowAnyException();
    }

    @Test
    void aListOfTooManyItemsIsRefused() {
        String rows = IntStream.range(0, 1_001).mapToObj(i -> "(" + i + ")").collect(Collectors.joining(", "));
        assertThatThrownBy(() -> StatementPlanner.analyze("insert into t values " + rows))
                .isInstanceOf(StatementTooComplexException.class)
                .hasMessageStartingWith("A list of more than 1000 items");
        String fewer = IntStream.range(0, 900).mapToObj(i -> "(" + i + ", 'a')").collect(Collectors.joining(", "));
        assertThatCode(() -> StatementPlanner.analyze("insert into t values " + fewer))
                .doesNotThrowAnyException();
    }

    @Test
    void aStatementOfTooManyTokensIsRefusedEvenIfEachExpressionIsSmall() {
        String columns = IntStream.range(0, 900).mapToObj(i -> "x + " + i).collect(Collectors.joining(", "));
        String statement = "select " + columns + " from t union all select " + columns + " from t union all select "
                + columns + " from t union all select " + columns + " from t union all select " + columns + " from t"
                + " union all select " + columns + " from t";
        assertThatThrownBy(() -> StatementPlanner.analyze(statement))
                .isInstanceOf(StatementTooComplexException.class)
                .hasMessageStartingWith("A statement of more than 20000 tokens");
    }

    @Test
    void theWordsOfStringsAndCommentsDoNotCount() {
        String text = "'" + " when".repeat(300) + "'";
        assertThat(StatementPlanner.analyze("select case x when 1 then " + text + " end -- " + " + 1".repeat(2_000))
                        .kind())
                .isEqualTo(StatementKind.QUERY);
    }

    private static String values(int count) {
        return IntStream.range(0, count).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }
}
