package dev.sluice.bench.workload;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class SqlValueTest {
    @Test
    void writesAnIntAsItsDigits() {
        assertThat(new SqlValue.Int(42).literal()).isEqualTo("42");
        assertThat(new SqlValue.Int(-7).literal()).isEqualTo("-7");
    }

    @Test
    void writesTextInSingleQuotesWithItsQuotesDoubled() {
        assertThat(new SqlValue.Text("AMER").literal()).isEqualTo("'AMER'");
        assertThat(new SqlValue.Text("O'Brien").literal()).isEqualTo("'O''Brien'");
        assertThat(new SqlValue.Text("").literal()).isEqualTo("''");
    }

    @Test
    void writesADateAsADateLiteral() {
        assertThat(new SqlValue.Date(LocalDate.of(2026, 3, 1)).literal()).isEqualTo("DATE '2026-03-01'");
    }

    @Test
    void bindsEachValueWithTheSetterOfItsType() throws Exception {
        List<String> calls = new ArrayList<>();
        PreparedStatement statement = (PreparedStatement) Proxy.newProxyInstance(
                PreparedStatement.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class},
                (self, method, args) -> {
                    calls.add(method.getName() + "(" + args[0] + ", " + args[1] + ")");
                    return null;
                });

        new SqlValue.Int(42).bind(statement, 1);
        new SqlValue.Text("O'Brien").bind(statement, 2);
        new SqlValue.Date(LocalDate.of(2026, 3, 1)).bind(statement, 3);

        assertThat(calls).containsExactly("setInt(1, 42)", "setString(2, O'Brien)", "setDate(3, 2026-03-01)");
    }

    @Test
    void writesTheLiteralsIntoTheMarkersOfAQuery() {
        WorkloadQuery query = new WorkloadQuery(
                "q",
                "",
                "select * from orders where region = ? and order_date >= ? and order_date < ? and customer_id = ?",
                List.of(
                        new Choice(List.of(new SqlValue.Text("AMER"))),
                        new MonthRange(java.time.YearMonth.of(2026, 3), java.time.YearMonth.of(2026, 3)),
                        new IntRange(5, 5)));

        assertThat(query.literalSql(query.nextValues(new java.util.Random(1))))
                .isEqualTo("select * from orders where region = 'AMER' and order_date >= DATE '2026-03-01' and"
                        + " order_date < DATE '2026-04-01' and customer_id = 5");
    }
}
