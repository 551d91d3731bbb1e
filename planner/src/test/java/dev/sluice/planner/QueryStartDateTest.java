package dev.sluice.planner;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

final class QueryStartDateTest {
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 28);

    @Test
    void writesTheDateInForEachCurrentDate() {
        PlannedStatement bound = QueryStartDate.bind(
                StatementPlanner.analyze(
                        "select * from t where d >= current_date - interval '7' day and d <= CURRENT_DATE"),
                TODAY);

        assertThat(bound.sql())
                .isEqualTo(
                        "select * from t where d >= DATE '2026-11-28' - interval '7' day and d <= DATE '2026-11-28'");
        assertThat(bound.normalForm()).contains("DATE '2026-11-28'");
    }

    @Test
    void leavesNamesStringsCommentsAndOtherFunctionsAlone() {
        String sql =
                "select t.current_date, `CURRENT_DATE`, 'CURRENT_DATE', current_timestamp -- CURRENT_DATE\n from t";
        PlannedStatement statement = StatementPlanner.analyze(sql);

        assertThat(QueryStartDate.bind(statement, TODAY)).isSameAs(statement);
    }
}
