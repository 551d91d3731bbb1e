package dev.sluice.planner.cache;

import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementPlanner;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Constant plans by state version and normal form, planned by Flink's real parser, without a cluster. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class ConstantPlanCacheTest {
    private TableEnvironment environment;

    @BeforeAll
    void createEnvironment() {
        environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    }

    @Test
    void plansOncePerNormalFormAndStateVersion() {
        ConstantPlanCache cache = new ConstantPlanCache(10);

        ConstantPlanCache.Lookup first = cache.plan(environment, 1, planned("SELECT 1"), true);
        ConstantPlanCache.Lookup lowerCase = cache.plan(environment, 1, planned("select  1 -- again"), true);
        ConstantPlanCache.Lookup reformatted = cache.plan(environment, 1, planned("SELECT  1 /* same */"), true);
        ConstantPlanCache.Lookup afterDdl = cache.plan(environment, 2, planned("SELECT 1"), true);

        assertThat(first.cacheResult()).isEqualTo(PlanCacheResult.MISS);
        assertThat(first.plan()).isPresent();
        // the normal form keeps the case of words, so "select" and "SELECT" are two entries
        assertThat(lowerCase.cacheResult()).isEqualTo(PlanCacheResult.MISS);
        assertThat(reformatted.cacheResult()).isEqualTo(PlanCacheResult.HIT);
        assertThat(reformatted.plan()).containsSame(first.plan().orElseThrow());
        assertThat(afterDdl.cacheResult()).isEqualTo(PlanCacheResult.MISS);
    }

    @Test
    void remembersQueriesThatNeedAJob() {
        ConstantPlanCache cache = new ConstantPlanCache(10);

        assertThat(cache.plan(environment, 1, planned("select rand()"), true))
                .isEqualTo(new ConstantPlanCache.Lookup(Optional.empty(), PlanCacheResult.MISS));
        assertThat(cache.plan(environment, 1, planned("select rand()"), true).cacheResult())
                .isEqualTo(PlanCacheResult.HIT);
    }

    @Test
    void findsOnlyWhatItHasPlannedAtThatStateVersion() {
        ConstantPlanCache cache = new ConstantPlanCache(10);
        assertThat(cache.find(1, planned("SELECT 1"))).as("never planned").isEmpty();

        ConstantPlanCache.Lookup planned = cache.plan(environment, 1, planned("SELECT 1"), true);
        cache.plan(environment, 1, planned("select rand()"), true);

        assertThat(cache.find(1, planned("SELECT  1")))
                .containsSame(planned.plan().orElseThrow());
        assertThat(cache.find(2, planned("SELECT 1")))
                .as("another state version")
                .isEmpty();
        assertThat(cache.find(1, planned("select rand()"))).as("needs a job").isEmpty();
    }

    @Test
    void neitherReadsNorKeepsWhenTheSessionHasTheCacheOff() {
        ConstantPlanCache cache = new ConstantPlanCache(10);

        assertThat(cache.plan(environment, 1, planned("SELECT 1"), false).cacheResult())
                .isEqualTo(PlanCacheResult.SKIP);
        assertThat(cache.plan(environment, 1, planned("SELECT 1"), true).cacheResult())
                .isEqualTo(PlanCacheResult.MISS);
        assertThat(cache.plan(environment, 1, planned("SELECT 1"), false).cacheResult())
                .isEqualTo(PlanCacheResult.SKIP);
    }

    @Test
    void refusesStatementsThatAreNotCandidates() {
        ConstantPlanCache cache = new ConstantPlanCache(10);

        assertThatThrownBy(() -> cache.plan(environment, 1, planned("SELECT a FROM t"), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Only a constant-query candidate has a constant plan, the statement's route is FLINK");
        assertThatThrownBy(() -> new ConstantPlanCache(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxSize must be at least 1, was 0");
    }

    private static PlannedStatement planned(String sql) {
        return StatementPlanner.analyze(sql);
    }
}
