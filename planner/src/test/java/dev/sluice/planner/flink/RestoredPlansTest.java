package dev.sluice.planner.flink;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A compiled plan translated again: operators without uids, and the session's options as they were. */
final class RestoredPlansTest {
    @Test
    void aRestoredPlansOperatorsHaveNoUidsAndTheOptionsStayUnset() {
        TableEnvironment environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        environment.executeSql(
                "create temporary table numbers (n INT) with ('connector' = 'datagen'," + " 'number-of-rows' = '3')");
        Table query = environment.sqlQuery("select n + 1 as m from numbers where n > 5");
        String plan = TableEnvironmentInternals.compilePlan(
                environment,
                TableEnvironmentInternals.modifyOperation(query.insertInto(TableDescriptor.forConnector("blackhole")
                        .schema(Schema.newBuilder()
                                .fromResolvedSchema(query.getResolvedSchema())
                                .build())
                        .build())));

        Configuration before = new Configuration(environment.getConfig().getConfiguration());
        List<Transformation<?>> restored = TableEnvironmentInternals.translatePlan(environment, plan);

        assertThat(restored).isNotEmpty();
        assertThat(restored.stream().flatMap(sink -> sink.getTransitivePredecessors().stream()))
                .as("two queries of one plan may run in one job: Flink refuses equal uids")
                .allSatisfy(
                        transformation -> assertThat(transformation.getUid()).isNull());
        // plan cache keys compare the session's options: translating leaves them as they were
        Configuration after = environment.getConfig().getConfiguration();
        assertThat(after).isEqualTo(before);
        assertThat(before).isEqualTo(after);
    }
}
