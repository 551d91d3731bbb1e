package dev.sluice.planner.push;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Whether a query's result holds only inserts, as Flink's optimizer derives it. */
final class ResultChangesTest {
    private static final String TICKS =
            "create temporary table ticks (n BIGINT) with ('connector' = 'datagen'," + " 'rows-per-second' = '5')";

    @Test
    void aStreamingFilterMakesOnlyInsertsAndAnAggregateUpdates() {
        TableEnvironment streaming = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        streaming.executeSql(TICKS);

        assertThat(ResultChanges.of(
                        streaming,
                        streaming.sqlQuery("select n from ticks where n > 3").getQueryOperation()))
                .isEqualTo(ResultChanges.INSERT_ONLY);
        assertThat(ResultChanges.of(
                        streaming,
                        streaming
                                .sqlQuery("select n % 3, count(*) from ticks group by n % 3")
                                .getQueryOperation()))
                .isEqualTo(ResultChanges.UPDATING);
    }

    @Test
    void aBatchQueryMakesOnlyInsertsWithoutAskingThePlanner() {
        TableEnvironment batch = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        batch.executeSql(
                "create temporary table ten (n BIGINT) with ('connector' = 'datagen', 'number-of-rows' = '10')");

        assertThat(ResultChanges.of(
                        batch,
                        batch.sqlQuery("select n % 3, count(*) from ten group by n % 3")
                                .getQueryOperation()))
                .isEqualTo(ResultChanges.INSERT_ONLY);
    }

    @Test
    void theRootOfTheOptimizedPlanDecidesAndAnUnreadableExplanationIsUpdating() {
        String insertOnly = """
                == Abstract Syntax Tree ==
                LogicalProject(n=[$0])

                == Optimized Physical Plan ==
                Calc(select=[n], where=[>(n, 3)], changelogMode=[I])
                +- TableSourceScan(table=[[default_catalog, default_database, ticks]], fields=[n], changelogMode=[I])
                """;
        String updating = """
                == Optimized Physical Plan ==
                GroupAggregate(groupBy=[k], select=[k, COUNT(*) AS c], changelogMode=[I,UA])
                +- Exchange(distribution=[hash[k]], changelogMode=[I])
                """;

        assertThat(ResultChanges.fromExplanation(insertOnly)).isEqualTo(ResultChanges.INSERT_ONLY);
        assertThat(ResultChanges.fromExplanation(updating)).isEqualTo(ResultChanges.UPDATING);
        assertThat(ResultChanges.fromExplanation("Calc(select=[n], changelogMode=[I])"))
                .as("no optimized plan")
                .isEqualTo(ResultChanges.UPDATING);
        assertThat(ResultChanges.fromExplanation("== Optimized Physical Plan ==\nCalc(select=[n])\n"))
                .as("no changelog modes")
                .isEqualTo(ResultChanges.UPDATING);
    }
}
