package dev.sluice.planner.plan;

import dev.sluice.planner.ParameterizedSql;
import dev.sluice.planner.SqlLiterals;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Constant queries planned by Flink's real parser and validator, in-process and without a cluster. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class ConstantQueriesTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-02-29T23:30:00.123456Z"), ZoneOffset.UTC);
    private static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");

    private TableEnvironment environment;

    @BeforeAll
    void createEnvironment() {
        environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    }

    @Test
    void answersLiteralsAndValues() {
        assertThat(rows("SELECT 1")).containsExactly(Row.of(1));
        assertThat(rows("select 1 as n, 'x' as s, true, cast(2.50 as decimal(5, 2)), date '2024-02-29'"))
                .containsExactly(Row.of(1, "x", true, new BigDecimal("2.50"), LocalDate.of(2024, 2, 29)));
        assertThat(rows("VALUES (1, 'a'), (2, 'b')")).containsExactly(Row.of(1, "a"), Row.of(2, "b"));
    }

    @Test
    void evaluatesTimeFunctionsAtEachExecutionInTheSessionZone() {
        ConstantPlan plan = ConstantQueries.plan(environment, "select current_timestamp, current_date, localtimestamp")
                .orElseThrow();
        Row row = plan.rows(CLOCK, TOKYO).get(0);
        assertThat(row.getField(0)).isEqualTo(Instant.parse("2024-02-29T23:30:00.123Z"));
        assertThat(row.getField(1)).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(row.getField(2)).hasToString("2024-03-01T08:30:00.123");
    }

    @Test
    void leavesEverythingElseToTheCluster() {
        assertThat(ConstantQueries.isCandidate("select x from (values (1)) as t(x)"))
                .isFalse();
        assertThat(ConstantQueries.isCandidate("insert into t values (1)")).isFalse();
        assertThat(ConstantQueries.isCandidate("select 'from'")).isTrue();
        assertThat(ConstantQueries.plan(environment, "select rand()")).isEmpty();
        // the logical plan keeps calls unfolded (Flink's optimiser folds them later): the cluster computes them
        assertThat(ConstantQueries.plan(environment, "select upper('a') || lower('B')"))
                .isEmpty();
    }

    /**
     * Property, against Flink's own lexer: a random hostile string bound into a template comes back from Flink's
     * parser as exactly that value, and the statement keeps its two columns (nothing leaked into the SQL).
     */
    @Test
    void boundStringsReachFlinkExactly() {
        ParameterizedSql template = ParameterizedSql.parse("SELECT ? AS v, 1 AS marker -- ?");
        Random random = new Random(20260101L);
        for (int round = 0; round < 300; round++) {
            String value = randomString(random);
            String sql = template.bind(List.of(SqlLiterals.string(value)));
            ConstantPlan plan = ConstantQueries.plan(environment, sql).orElseThrow();
            assertThat(plan.schema().getColumnNames()).containsExactly("v", "marker");
            assertThat(plan.rows(CLOCK, TOKYO)).containsExactly(Row.of(value, 1));
        }
    }

    private List<Row> rows(String sql) {
        assertThat(ConstantQueries.isCandidate(sql)).isTrue();
        return ConstantQueries.plan(environment, sql).orElseThrow().rows(CLOCK, TOKYO);
    }

    private static String randomString(Random random) {
        String hostile = "'\"`\\?-/*;\n\r\t ()";
        StringBuilder value = new StringBuilder();
        int length = 1 + random.nextInt(20);
        for (int i = 0; i < length; i++) {
            int pick = random.nextInt(6);
            if (pick < 3) {
                value.append(hostile.charAt(random.nextInt(hostile.length())));
            } else if (pick < 4) {
                value.append((char) ('a' + random.nextInt(26)));
            } else if (pick < 5) {
                value.appendCodePoint(0xA0 + random.nextInt(0x2F00));
            } else {
                value.appendCodePoint(0x1F600 + random.nextInt(0x50));
            }
        }
        return value.toString();
    }
}
