package dev.sluice.planner.cache;

import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.CheckedStatements;
import dev.sluice.planner.access.DataAccess;
import dev.sluice.planner.catalog.ObservedCatalog;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.functions.ScalarFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a query's result depends on, on Flink's real plans without a cluster: two sessions with instances of one
 * observed catalog (an in-memory catalog behind both stands for a Paimon warehouse).
 */
final class ResultDependenciesTest {
    private static final String DATAGEN = " WITH ('connector'='datagen', 'number-of-rows'='1')";
    private static final PlanScope SCOPE = new PlanScope("s1", 0, true);

    private TableEnvironment planner;
    private TableEnvironment other;

    @BeforeEach
    void createSessions() {
        GenericInMemoryCatalog warehouse = new GenericInMemoryCatalog("lake", "db");
        planner = session(warehouse);
        other = session(warehouse);
        other.executeSql("create table lake.db.orders (id INT, amount DOUBLE)" + DATAGEN);
        other.executeSql("create view lake.db.today as select id, current_date as d from lake.db.orders");
        // a catalog class other than Flink's in-memory one: its functions may change outside the session
        planner.registerCatalog("shared", new GenericInMemoryCatalog("shared", "db") {});
        planner.executeSql("create function shared.db.plus_one as '" + PlusOne.class.getName() + "'");
        planner.executeSql("create temporary system function plus_one_here as '" + PlusOne.class.getName() + "'");
    }

    private static TableEnvironment session(GenericInMemoryCatalog warehouse) {
        TableEnvironment environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        environment.registerCatalog("lake", new ObservedCatalog("lake", Map.of("warehouse", "w1"), warehouse));
        return environment;
    }

    @Test
    void listsTheTablesReadWithTheOptionsTheJobReadsThemWith() {
        ResultDependencies dependencies =
                dependencies("select id from lake.db.orders /*+ OPTIONS('rows-per-second'='5') */");

        assertThat(dependencies.tablesRead()).singleElement().satisfies(use -> {
            assertThat(use.table()).isEqualTo(ObjectIdentifier.of("lake", "db", "orders"));
            assertThat(use.mode()).isEqualTo(DataAccess.Mode.READ);
            assertThat(use.options()).containsEntry("rows-per-second", "5");
        });
        assertThat(dependencies.refusal()).isEmpty();
        assertThat(dependencies.timeDependence()).isEmpty();
        assertThat(dependencies.isCurrent(planner, AccessCheck.NONE, SCOPE)).isTrue();
        assertThat(dependencies.isCurrent(other, AccessCheck.NONE, SCOPE)).isTrue();
    }

    @Test
    void isNotCurrentOnceATableItReadChanged() {
        ResultDependencies dependencies = dependencies("select id from lake.db.orders");

        other.executeSql("alter table lake.db.orders set ('number-of-rows' = '2')");

        assertThat(dependencies.isCurrent(planner, AccessCheck.NONE, SCOPE)).isFalse();
    }

    @Test
    void putsWhatItReadsToTheAccessCheckOfTheSessionThatWouldServeIt() {
        ResultDependencies dependencies = dependencies("select id from lake.db.orders");
        AccessCheck refusing = accesses -> {
            throw new IllegalStateException("refused " + accesses.size());
        };

        assertThatThrownBy(() -> dependencies.isCurrent(other, refusing, SCOPE)).hasMessage("refused 1");
    }

    @Test
    void findsFunctionsOfTheTimeOrOfChanceAlsoInAView() {
        assertThat(dependencies("select id from lake.db.orders where id < rand() * 10")
                        .timeDependence())
                .hasValueSatisfying(
                        reason -> assertThat(reason).contains("RAND").contains("not deterministic"));
        assertThat(dependencies("select id, current_timestamp from lake.db.orders")
                        .timeDependence())
                .hasValueSatisfying(reason -> assertThat(reason).contains("CURRENT_TIMESTAMP"));
        assertThat(dependencies("select id from lake.db.today").timeDependence())
                .hasValueSatisfying(reason -> assertThat(reason).contains("CURRENT_DATE"));
        assertThat(dependencies("select plus_one_here(id) from lake.db.orders").timeDependence())
                .isEmpty();
    }

    @Test
    void refusesAFunctionOfACatalogThatMayChangeOutsideTheSession() {
        ResultDependencies dependencies = dependencies("select shared.db.plus_one(id) from lake.db.orders");

        assertThat(dependencies.refusal())
                .hasValueSatisfying(reason -> assertThat(reason).contains("shared.db.plus_one"));
        assertThat(dependencies.isCurrent(planner, AccessCheck.NONE, SCOPE)).isFalse();
    }

    @Test
    void aPlanTheCacheKeptDependsOnWhatItsPlanningRead() {
        KeptDependencies kept;
        try (QueryPlanning planning = new JobPlanCache(new PlanCacheConfig(true, 10), List.of("lake"))
                .startPlanning(planner, AccessCheck.NONE)) {
            CheckedStatements.sqlQuery(planner, "select id from lake.db.orders", planning.check());
            kept = KeptDependencies.of(planning);
        }

        ResultDependencies dependencies = ResultDependencies.ofReusablePlan(kept);

        assertThat(dependencies.tablesRead())
                .extracting(DataAccess.TableUse::table)
                .containsExactly(ObjectIdentifier.of("lake", "db", "orders"));
        assertThat(dependencies.refusal()).isEmpty();
        assertThat(dependencies.timeDependence()).isEmpty();
    }

    private ResultDependencies dependencies(String sql) {
        try (QueryPlanning planning = new JobPlanCache(new PlanCacheConfig(true, 10), List.of("lake"))
                .startPlanning(planner, AccessCheck.NONE)) {
            Table table = CheckedStatements.sqlQuery(planner, sql, planning.check());
            return ResultDependencies.of(planning, planner, table.getQueryOperation(), List.of());
        }
    }

    /** A deterministic scalar function. */
    public static final class PlusOne extends ScalarFunction {
        public Integer eval(Integer value) {
            return value == null ? null : value + 1;
        }
    }
}
