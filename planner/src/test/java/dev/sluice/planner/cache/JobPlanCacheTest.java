package dev.sluice.planner.cache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.CachedPlan;
import org.apache.flink.table.operations.Operation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Keys, bounds and invalidation, with plans that are never run, so no cluster is needed. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class JobPlanCacheTest {
    private static final CachedPlan PLAN = new FakePlan();

    private TableEnvironment environment;
    private TableEnvironment otherEnvironment;

    @BeforeAll
    void createEnvironments() {
        environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        otherEnvironment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    }

    @Test
    void findsAPlanOnlyUnderAnEqualKeyAndForItsEnvironment() {
        JobPlanCache cache = new JobPlanCache(new PlanCacheConfig(true, 10));
        cache.put(key("a", 1, "select 1 from t", Map.of("k", "v")), environment, PLAN);

        assertThat(cache.find(key("a", 1, "select 1 from t", Map.of("k", "v")), environment))
                .containsSame(PLAN);
        assertThat(cache.find(key("b", 1, "select 1 from t", Map.of("k", "v")), environment))
                .isEmpty();
        assertThat(cache.find(key("a", 2, "select 1 from t", Map.of("k", "v")), environment))
                .isEmpty();
        assertThat(cache.find(key("a", 1, "select 2 from t", Map.of("k", "v")), environment))
                .isEmpty();
        assertThat(cache.find(key("a", 1, "select 1 from t", Map.of("k", "w")), environment))
                .isEmpty();
        assertThat(cache.find(key("a", 1, "select 1 from t", Map.of("k", "v")), otherEnvironment))
                .isEmpty();
    }

    @Test
    void dropsOnlyTheInvalidatedSessionsPlans() {
        JobPlanCache cache = new JobPlanCache(new PlanCacheConfig(true, 10));
        cache.put(key("a", 1, "q1", Map.of()), environment, PLAN);
        cache.put(key("a", 1, "q2", Map.of()), environment, PLAN);
        cache.put(key("b", 1, "q1", Map.of()), otherEnvironment, PLAN);

        cache.invalidateSession("a");

        assertThat(cache.size()).isEqualTo(1);
        assertThat(cache.find(key("b", 1, "q1", Map.of()), otherEnvironment)).containsSame(PLAN);
    }

    @Test
    void holdsAtMostMaxSizePlansAcrossSessions() {
        JobPlanCache cache = new JobPlanCache(new PlanCacheConfig(true, 3));
        for (int i = 0; i < 10; i++) {
            cache.put(key(i % 2 == 0 ? "a" : "b", 1, "q" + i, Map.of()), environment, PLAN);
        }

        assertThat(cache.size()).isEqualTo(3);
    }

    @Test
    void keepsNothingWhenDisabled() {
        JobPlanCache cache = new JobPlanCache(new PlanCacheConfig(false, 10));
        cache.put(key("a", 1, "q", Map.of()), environment, PLAN);

        assertThat(cache.isEnabled()).isFalse();
        assertThat(cache.size()).isZero();
        assertThat(cache.find(key("a", 1, "q", Map.of()), environment)).isEmpty();
    }

    private static JobPlanKey key(String session, long version, String statement, Map<String, String> options) {
        return new JobPlanKey(
                session,
                version,
                statement,
                OptionsSnapshot.of(Configuration.fromMap(options)),
                OptionsSnapshot.of(new Configuration()),
                "",
                "");
    }

    /** A plan that is only stored. */
    private static final class FakePlan implements CachedPlan {
        @Override
        public Operation getOperation() {
            throw new UnsupportedOperationException("never run");
        }
    }
}
