package dev.sluice.planner.cache;

import dev.sluice.planner.catalog.ObservedCatalog;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What planning looks up in an observed catalog, and which later changes make a plan made then stale: two sessions
 * with instances of one catalog (a shared in-memory catalog behind both stands for a Paimon warehouse).
 */
final class PlanDependenciesTest {
    private static final String DATAGEN = " WITH ('connector'='datagen', 'number-of-rows'='1')";

    private TableEnvironment planner;
    private TableEnvironment other;

    @BeforeEach
    void createSessions() {
        GenericInMemoryCatalog warehouse = new GenericInMemoryCatalog("lake", "db");
        planner = session(warehouse, Map.of("warehouse", "w1"));
        other = session(warehouse, Map.of("warehouse", "w1"));
        other.executeSql("create table lake.db.orders (id INT, amount DOUBLE)" + DATAGEN);
        other.executeSql("create table lake.db.customers (id INT, name STRING)" + DATAGEN);
        other.executeSql("create view lake.db.big as select id from lake.db.orders where amount > 10");
    }

    private static TableEnvironment session(GenericInMemoryCatalog warehouse, Map<String, String> declaration) {
        TableEnvironment environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        environment.registerCatalog("lake", new ObservedCatalog("lake", declaration, warehouse));
        return environment;
    }

    @Test
    void recordsTheTablesAndViewsThatPlanningLookedUp() {
        PlanDependencies dependencies =
                plan(planner, "select b.id, c.name from lake.db.big b join lake.db.customers c" + " on b.id = c.id");

        Map<ObjectIdentifier, String> found = new HashMap<>();
        dependencies.objects().forEach((object, definition) -> {
            if (definition != null) {
                found.put(object, definition);
            }
        });
        // the view and the table behind it; Calcite also asks for names that are not there, which are kept as absent
        assertThat(found.keySet())
                .containsExactlyInAnyOrder(
                        ObjectIdentifier.of("lake", "db", "big"),
                        ObjectIdentifier.of("lake", "db", "orders"),
                        ObjectIdentifier.of("lake", "db", "customers"));
        assertThat(found.get(ObjectIdentifier.of("lake", "db", "big"))).contains("`amount` > 10");
        assertThat(dependencies.findChange(planner)).isEmpty();
        assertThat(dependencies.findChange(other))
                .as("another session with the same declaration")
                .isEmpty();
    }

    @Test
    void findsAViewReplacedByAnotherSession() {
        PlanDependencies dependencies = plan(planner, "select id from lake.db.big");

        other.executeSql("drop view lake.db.big");
        other.executeSql("create view lake.db.big as select id from lake.db.orders where amount > 20");

        assertThat(dependencies.findChange(planner))
                .hasValueSatisfying(change -> assertThat(change).contains("lake.db.big changed"));
    }

    @Test
    void findsATableAlteredDroppedOrHiddenByATemporaryTable() {
        PlanDependencies dependencies = plan(planner, "select id from lake.db.orders");

        other.executeSql("alter table lake.db.orders set ('number-of-rows' = '2')");
        assertThat(dependencies.findChange(planner)).isPresent();

        PlanDependencies again = plan(planner, "select id from lake.db.orders");
        assertThat(again.findChange(planner)).isEmpty();
        planner.executeSql("create temporary table lake.db.orders (id INT)" + DATAGEN);
        assertThat(again.findChange(planner))
                .hasValueSatisfying(change -> assertThat(change).contains("temporary"));
        assertThat(again.findChange(other)).isEmpty();

        other.executeSql("drop table lake.db.orders");
        assertThat(again.findChange(other)).isPresent();
    }

    @Test
    void aCatalogOpenedFromAnotherDeclarationIsNotTheSame() {
        PlanDependencies dependencies = plan(planner, "select id from lake.db.orders");
        TableEnvironment elsewhere = session(new GenericInMemoryCatalog("lake", "db"), Map.of("warehouse", "w2"));
        elsewhere.executeSql("create table lake.db.orders (id INT, amount DOUBLE)" + DATAGEN);

        assertThat(dependencies.findChange(elsewhere))
                .hasValueSatisfying(change -> assertThat(change).contains("not the one the plan was made with"));
    }

    @Test
    void listensOnlyWhilePlanning() {
        PlanningLookups lookups = PlanningLookups.start(planner, List.of("lake"));
        lookups.close();
        planner.sqlQuery("select id from lake.db.orders");

        assertThat(lookups.dependencies().isEmpty()).isTrue();
    }

    private static PlanDependencies plan(TableEnvironment environment, String sql) {
        try (PlanningLookups lookups = PlanningLookups.start(environment, List.of("lake"))) {
            environment.sqlQuery(sql);
            assertThat(lookups.unversioned()).isNull();
            return lookups.dependencies();
        }
    }
}
