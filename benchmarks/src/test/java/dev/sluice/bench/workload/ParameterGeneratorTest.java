package dev.sluice.bench.workload;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ParameterGeneratorTest {
    private static final WorkloadQuery DASHBOARD = new WorkloadQuery(
            "dashboard",
            "",
            "select * from orders where region = ? and customer_id = ? and order_date >= ? and order_date < ?",
            List.of(
                    new Choice(List.of(new SqlValue.Text("AMER"), new SqlValue.Text("EMEA"))),
                    new IntRange(1, 1000),
                    new MonthRange(YearMonth.of(2026, 1), YearMonth.of(2026, 6))));

    @Test
    void sendsTheSameValuesInTheSameOrderForTheSameSeedAndWorker() {
        assertThat(draw(new ParameterValues(DASHBOARD, 27, 3), 50))
                .isEqualTo(draw(new ParameterValues(DASHBOARD, 27, 3), 50));
    }

    @Test
    void sendsOtherValuesForAnotherSeedOrWorker() {
        List<List<SqlValue>> values = draw(new ParameterValues(DASHBOARD, 27, 0), 50);

        assertThat(draw(new ParameterValues(DASHBOARD, 28, 0), 50)).isNotEqualTo(values);
        assertThat(draw(new ParameterValues(DASHBOARD, 27, 1), 50)).isNotEqualTo(values);
    }

    @Test
    void drawsIntegersFromTheWholeRangeBothEndsIncluded() {
        Set<SqlValue> seen = new HashSet<>();
        Random random = new Random(1);
        for (int i = 0; i < 1000; i++) {
            seen.addAll(new IntRange(-2, 2).next(random));
        }
        assertThat(seen)
                .containsExactlyInAnyOrder(
                        new SqlValue.Int(-2),
                        new SqlValue.Int(-1),
                        new SqlValue.Int(0),
                        new SqlValue.Int(1),
                        new SqlValue.Int(2));
    }

    @Test
    void drawsFromTheFullIntRangeWithoutOverflow() {
        IntRange all = new IntRange(Integer.MIN_VALUE, Integer.MAX_VALUE);
        Random random = new Random(1);
        for (int i = 0; i < 100; i++) {
            assertThat(all.next(random)).hasSize(1);
        }
    }

    @Test
    void drawsDatesBetweenTheBoundsBothIncluded() {
        Set<SqlValue> seen = new HashSet<>();
        Random random = new Random(1);
        for (int i = 0; i < 500; i++) {
            seen.addAll(new DateRange(LocalDate.of(2026, 2, 27), LocalDate.of(2026, 3, 1)).next(random));
        }
        assertThat(seen)
                .containsExactlyInAnyOrder(
                        new SqlValue.Date(LocalDate.of(2026, 2, 27)),
                        new SqlValue.Date(LocalDate.of(2026, 2, 28)),
                        new SqlValue.Date(LocalDate.of(2026, 3, 1)));
    }

    @Test
    void fillsTwoMarkersWithAMonthsFirstDayAndTheNextMonthsFirstDay() {
        MonthRange december = new MonthRange(YearMonth.of(2025, 12), YearMonth.of(2025, 12));

        assertThat(december.placeholders()).isEqualTo(2);
        assertThat(december.next(new Random(1)))
                .containsExactly(
                        new SqlValue.Date(LocalDate.of(2025, 12, 1)), new SqlValue.Date(LocalDate.of(2026, 1, 1)));
    }

    @Test
    void drawsEveryChoice() {
        Choice regions = new Choice(List.of(new SqlValue.Text("AMER"), new SqlValue.Text("EMEA")));
        Set<SqlValue> seen = new HashSet<>();
        Random random = new Random(1);
        for (int i = 0; i < 100; i++) {
            seen.addAll(regions.next(random));
        }
        assertThat(seen).containsExactlyInAnyOrder(new SqlValue.Text("AMER"), new SqlValue.Text("EMEA"));
    }

    @Test
    void givesOneValuePerMarkerInTheOrderOfTheParameters() {
        List<SqlValue> values = new ParameterValues(DASHBOARD, 27, 0).next();

        assertThat(values).hasSize(4);
        assertThat(values.get(0)).isInstanceOf(SqlValue.Text.class);
        assertThat(values.get(1)).isInstanceOf(SqlValue.Int.class);
        assertThat(values.get(2)).isInstanceOf(SqlValue.Date.class);
        assertThat(values.get(3)).isInstanceOf(SqlValue.Date.class);
    }

    @Test
    void refusesBoundsTheWrongWayRound() {
        assertThatThrownBy(() -> new IntRange(3, 1)).hasMessage("min must be at most max, was 3 > 1");
        assertThatThrownBy(() -> new DateRange(LocalDate.of(2026, 2, 1), LocalDate.of(2026, 1, 1)))
                .hasMessage("min must be at most max, was 2026-02-01 > 2026-01-01");
        assertThatThrownBy(() -> new MonthRange(YearMonth.of(2026, 2), YearMonth.of(2026, 1)))
                .hasMessage("min must be at most max, was 2026-02 > 2026-01");
    }

    private static List<List<SqlValue>> draw(ParameterValues values, int count) {
        List<List<SqlValue>> drawn = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            drawn.add(values.next());
        }
        return drawn;
    }
}
