package dev.sluice.planner.cache;

import dev.sluice.planner.catalog.ObservedCatalog;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.functions.AggregateFunction;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.operations.QueryOperation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The rule on Flink's real logical plans, in-process and without a cluster. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class ReusablePlansTest {
    private static final String DATAGEN = " WITH ('connector'='datagen', 'number-of-rows'='1')";

    private TableEnvironment batch;
    private TableEnvironment streaming;

    @BeforeAll
    void createEnvironments() {
        batch = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        for (String ddl : new String[] {
            "create temporary table table1 (val1 STRING)" + DATAGEN,
            "create temporary table table2 (val2 STRING)" + DATAGEN,
            "create table permanent (a INT)" + DATAGEN,
            "create temporary table with_proctime (a INT, p AS PROCTIME())" + DATAGEN,
            "create temporary table partitioned (a INT, p STRING) PARTITIONED BY (p)" + DATAGEN,
            "create temporary view plain_view as select val1 from table1",
            "create temporary view timed_view as select val1, current_timestamp as seen from table1",
            "create temporary system function plus_one as '" + PlusOne.class.getName() + "'",
            "create temporary system function coin as '" + Coin.class.getName() + "'",
            "create temporary system function some_value as '" + SomeValue.class.getName() + "'",
            "create function plus_one_here as '" + PlusOne.class.getName() + "'"
        }) {
            batch.executeSql(ddl);
        }
        // a catalog class other than Flink's in-memory one: its objects may change outside the session
        batch.registerCatalog("shared", new GenericInMemoryCatalog("shared", "db") {});
        batch.executeSql("create table shared.db.remote (a INT)" + DATAGEN);
        batch.executeSql("create function shared.db.plus_one_there as '" + PlusOne.class.getName() + "'");
        // a catalog declared in the gateway's configuration: its lookups are observed
        batch.registerCatalog("lake", new ObservedCatalog("lake", Map.of(), new GenericInMemoryCatalog("lake", "db")));
        batch.executeSql("create table lake.db.observed (a INT)" + DATAGEN);

        streaming = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        streaming.executeSql(
                "create temporary table events (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts)" + DATAGEN);
    }

    @Test
    void reusesPlansOfQueriesOverTheSessionsOwnTables() {
        for (String sql : new String[] {
            "select val1 from table1",
            "select val1, count(*) from table1 group by val1",
            "select val1, count(*) from table1 left join table2 on val1 = val2 group by val1",
            "select val1 from table1 where val1 in (select val2 from table2 where val2 like 'a%')",
            "select upper(val1), char_length(val1), cast(val1 as int) from table1",
            "select x from (values (1), (2)) as t(x)",
            "select a from permanent",
            "select * from plain_view",
            "select plus_one(a), plus_one_here(a) from permanent"
        }) {
            assertThat(reason(batch, sql)).as(sql).isEmpty();
        }
        assertThat(reason(streaming, "select a, ts from events")).isEmpty();
    }

    @Test
    void neverReusesPlansThatDependOnWhenTheyRun() {
        Map<String, String> reasons = Map.ofEntries(
                Map.entry("select current_timestamp from table1", "CURRENT_TIMESTAMP"),
                Map.entry("select now() from table1", "NOW"),
                Map.entry("select localtimestamp from table1", "LOCALTIMESTAMP"),
                Map.entry("select current_date from table1", "CURRENT_DATE"),
                Map.entry("select current_time from table1", "CURRENT_TIME"),
                Map.entry("select localtime from table1", "LOCALTIME"),
                Map.entry("select unix_timestamp() from table1", "UNIX_TIMESTAMP"),
                Map.entry("select current_row_timestamp() from table1", "CURRENT_ROW_TIMESTAMP"),
                Map.entry("select current_database() from table1", "CURRENT_DATABASE"),
                Map.entry("select val1 from table1 where date '2024-01-01' < current_date", "CURRENT_DATE"),
                // evaluated once at planning in batch mode, though the text shows no function
                Map.entry("select * from timed_view", "CURRENT_TIMESTAMP"),
                // PROCTIME() of a computed column is in the plan even when the column is not selected
                Map.entry("select a from with_proctime", "PROCTIME"));
        reasons.forEach((sql, function) -> assertThat(reason(batch, sql))
                .as(sql)
                .hasValueSatisfying(reason -> assertThat(reason).contains(function)));
        assertThat(reason(streaming, "select current_watermark(ts) from events"))
                .hasValueSatisfying(reason -> assertThat(reason).containsIgnoringCase("CURRENT_WATERMARK"));
    }

    @Test
    void neverReusesPlansWithRandomness() {
        for (String sql : new String[] {
            "select rand() from table1",
            "select rand(42) from table1",
            "select rand_integer(10) from table1",
            "select uuid() from table1",
            "select val1 from table1 where val1 in (select val2 from table2 where rand() < 2)",
            "select coin(a) from permanent",
            "select some_value(a) from permanent"
        }) {
            assertThat(reason(batch, sql))
                    .as(sql)
                    .hasValueSatisfying(reason -> assertThat(reason).contains("not deterministic"));
        }
    }

    @Test
    void neverReusesPlansOverTablesOrFunctionsOthersMayChange() {
        assertThat(reason(batch, "select a from shared.db.remote"))
                .hasValue("it reads shared.db.remote, which is in a catalog whose changes the gateway does not"
                        + " observe");
        assertThat(reason(batch, "select shared.db.plus_one_there(a) from permanent"))
                .hasValueSatisfying(reason -> assertThat(reason).contains("plus_one_there"));
        assertThat(reason(batch, "select a from partitioned"))
                .hasValueSatisfying(reason -> assertThat(reason).contains("partitioned table"));
    }

    @Test
    void reusesPlansOverObservedCatalogsForEverySessionAndOwnObjectsForTheirSession() {
        assertThat(verdict(batch, "select a from lake.db.observed"))
                .isEqualTo(new ReusablePlans.Verdict(null, false, true));
        assertThat(verdict(batch, "select a, count(*) from lake.db.observed group by a"))
                .isEqualTo(new ReusablePlans.Verdict(null, false, true));
        assertThat(verdict(batch, "select val1 from table1")).isEqualTo(new ReusablePlans.Verdict(null, true, false));
        assertThat(verdict(batch, "select a from permanent")).isEqualTo(new ReusablePlans.Verdict(null, true, false));
        assertThat(verdict(batch, "select plus_one(a) from lake.db.observed"))
                .isEqualTo(new ReusablePlans.Verdict(null, true, true));
        assertThat(verdict(batch, "select o.a from lake.db.observed o join table1 on cast(o.a as string) = val1"))
                .isEqualTo(new ReusablePlans.Verdict(null, true, true));
    }

    private static ReusablePlans.Verdict verdict(TableEnvironment environment, String sql) {
        QueryOperation query = (QueryOperation)
                ((TableEnvironmentImpl) environment).getParser().parse(sql).get(0);
        return ReusablePlans.judge(environment, query);
    }

    private static Optional<String> reason(TableEnvironment environment, String sql) {
        QueryOperation query = (QueryOperation)
                ((TableEnvironmentImpl) environment).getParser().parse(sql).get(0);
        return ReusablePlans.findReasonNotToReuse(environment, query);
    }

    /** A deterministic user function. */
    public static final class PlusOne extends ScalarFunction {
        public Integer eval(Integer value) {
            return value == null ? null : value + 1;
        }
    }

    /** An aggregate function that says it is not deterministic: which value it keeps depends on the order. */
    public static final class SomeValue extends AggregateFunction<Integer, SomeValue.Kept> {
        /** The accumulator. */
        public static final class Kept {
            public Integer value;
        }

        @Override
        public Kept createAccumulator() {
            return new Kept();
        }

        @Override
        public Integer getValue(Kept kept) {
            return kept.value;
        }

        public void accumulate(Kept kept, Integer value) {
            kept.value = value;
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    }

    /** A user function that says it is not deterministic. */
    public static final class Coin extends ScalarFunction {
        public Boolean eval(Integer value) {
            return value != null && value % 2 == 0;
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    }
}
