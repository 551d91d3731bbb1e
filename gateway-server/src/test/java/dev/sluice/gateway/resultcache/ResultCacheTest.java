package dev.sluice.gateway.resultcache;

import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.JobPlanKey;
import dev.sluice.planner.cache.PlanCacheConfig;
import dev.sluice.planner.cache.PlanScope;
import dev.sluice.planner.cache.QueryPlanning;
import dev.sluice.planner.cache.ResultDependencies;
import dev.sluice.planner.catalog.ObservedCatalog;
import dev.sluice.planner.push.PushQueryPlanner;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The store: its bounds, time-to-live, writes through the gateway and sessions' own entries, on a fake ticker. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class ResultCacheTest {
    private static final ResolvedSchema SCHEMA = ResolvedSchema.of(Column.physical("id", DataTypes.INT()));
    private static final ObjectIdentifier ORDERS = ObjectIdentifier.of("lake", "db", "orders");
    private static final ObjectIdentifier CUSTOMERS = ObjectIdentifier.of("lake", "db", "customers");

    private final AtomicLong nanos = new AtomicLong();
    private TableEnvironment environment;
    private ResultDependencies dependencies;

    @BeforeAll
    void planAQuery() {
        environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        environment.registerCatalog(
                "lake", new ObservedCatalog("lake", Map.of(), new GenericInMemoryCatalog("lake", "db")));
        environment.executeSql(
                "create table lake.db.orders (id INT) with ('connector' = 'datagen', 'number-of-rows' = '1')");
        try (QueryPlanning planning = new JobPlanCache(new PlanCacheConfig(true, 10), List.of("lake"))
                .startPlanning(environment, AccessCheck.NONE)) {
            dependencies = ResultDependencies.of(
                    planning,
                    PushQueryPlanner.plan(environment, "select id from lake.db.orders", planning.check())
                            .compile(Map.of("connector", "blackhole")));
        }
    }

    @Test
    void keepsResultsWithinTheBoundInBytes() {
        ResultCache cache = cache(10_000, 4_000);

        for (int i = 0; i < 5; i++) {
            assertThat(cache.keep(List.of(key("q" + i)), entry(3_000, Set.of(ORDERS), null, 0)))
                    .isTrue();
        }

        ResultCacheStats stats = cache.stats();
        assertThat(stats.entries()).isEqualTo(3);
        assertThat(stats.bytes()).isEqualTo(9_000);
        assertThat(stats.evictions()).isEqualTo(2);
    }

    @Test
    void keepsNoResultOverTheBoundPerEntry() {
        ResultCache cache = cache(10_000, 4_000);

        assertThat(cache.keep(List.of(key("big")), entry(4_001, Set.of(ORDERS), null, 0)))
                .isFalse();
        assertThat(cache.find(key("big"))).isNull();
    }

    @Test
    void servesAResultWithATimeToLiveOnlyThatLong() {
        ResultCache cache = cache(10_000, 4_000);
        cache.keep(List.of(key("ttl")), entry(100, Set.of(ORDERS), Duration.ofSeconds(30), 0));
        cache.keep(List.of(key("versioned")), entry(100, Set.of(ORDERS), null, 0));

        nanos.addAndGet(Duration.ofSeconds(29).toNanos());
        assertThat(cache.find(key("ttl"))).isNotNull();
        nanos.addAndGet(Duration.ofSeconds(2).toNanos());

        assertThat(cache.find(key("ttl"))).isNull();
        assertThat(cache.find(key("versioned"))).isNotNull();
        assertThat(cache.stats().evictions()).isEqualTo(1);
    }

    @Test
    void aWriteThroughTheGatewayDropsTheEntriesThatReadTheTableOrItsDatabase() {
        ResultCache cache = cache(10_000, 4_000);
        cache.keep(List.of(key("orders")), entry(100, Set.of(ORDERS), null, 0));
        cache.keep(List.of(key("customers")), entry(100, Set.of(CUSTOMERS), null, 0));

        cache.written(List.of(new ResultCache.WrittenObject("lake", "db", "orders")));
        assertThat(cache.find(key("orders"))).isNull();
        assertThat(cache.find(key("customers"))).isNotNull();

        cache.written(List.of(new ResultCache.WrittenObject("lake", "db", null)));
        assertThat(cache.find(key("customers"))).isNull();
        assertThat(cache.stats().invalidations()).isEqualTo(2);
    }

    @Test
    void aRunThatAWriteOverlappedIsNotKept() {
        ResultCache cache = cache(10_000, 4_000);
        long started = cache.writeClock();

        cache.written(List.of(new ResultCache.WrittenObject("lake", "db", "orders")));

        assertThat(cache.keep(List.of(key("orders")), entry(100, Set.of(ORDERS), null, started)))
                .isFalse();
        assertThat(cache.keep(List.of(key("customers")), entry(100, Set.of(CUSTOMERS), null, started)))
                .isTrue();
        assertThat(cache.keep(List.of(key("orders")), entry(100, Set.of(ORDERS), null, cache.writeClock())))
                .isTrue();
    }

    @Test
    void dropsOnlyTheClosedSessionsOwnEntries() {
        ResultCache cache = cache(10_000, 4_000);
        JobPlanKey own = JobPlanKey.own(environment, new PlanScope("s1", 3, false), "q");
        JobPlanKey other = JobPlanKey.own(environment, new PlanScope("s2", 3, false), "q");
        cache.keep(List.of(own), entry(100, Set.of(ORDERS), null, 0));
        cache.keep(List.of(other), entry(100, Set.of(ORDERS), null, 0));
        cache.keep(List.of(key("q")), entry(100, Set.of(ORDERS), null, 0));

        cache.invalidateSession("s1");

        assertThat(cache.find(own)).isNull();
        assertThat(cache.find(other)).isNotNull();
        assertThat(cache.find(key("q"))).isNotNull();
    }

    @Test
    void aDisabledCacheFindsAndKeepsNothing() {
        ResultCache cache = ResultCache.disabled();

        assertThat(cache.isEnabled()).isFalse();
        assertThat(cache.keep(List.of(key("q")), entry(1, Set.of(ORDERS), null, 0)))
                .isFalse();
        assertThat(cache.find(key("q"))).isNull();
    }

    private ResultCache cache(long maxBytes, long maxEntryBytes) {
        return new ResultCache(
                new ResultCacheConfig(true, maxBytes, maxEntryBytes, Duration.ZERO, Map.of()),
                nanos::get,
                Clock.systemUTC());
    }

    private JobPlanKey key(String statement) {
        return JobPlanKey.shared(environment, statement);
    }

    private CachedResult entry(long bytes, Set<ObjectIdentifier> tables, @Nullable Duration ttl, long filledEpoch) {
        return new CachedResult(SCHEMA, List.of(Row.of(1)), bytes, dependencies, List.of(), tables, ttl, filledEpoch);
    }
}
