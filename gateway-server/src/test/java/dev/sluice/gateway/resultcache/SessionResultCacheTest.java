package dev.sluice.gateway.resultcache;

import dev.sluice.gateway.history.QueryHistory;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.ResultCacheResult;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.result.QueryRows;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.StatementPlanner;
import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.DataAccess;
import dev.sluice.planner.cache.JobPlanCache;
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
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.flink.FlinkCatalog;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A session's lookups and fills on a real Paimon warehouse, written through Paimon's API between runs; the query's
 * job is stood in for by rows handed to the fill, so no cluster is needed.
 */
final class SessionResultCacheTest {
    private static final String TOTAL = "select count(id) as n from lake.`default`.orders";
    private static final ResolvedSchema SCHEMA = ResolvedSchema.of(Column.physical("n", DataTypes.BIGINT()));
    private static final PlanScope SHARING = new PlanScope("s1", 0, true);

    @TempDir
    Path warehouse;

    private TableEnvironment session;
    private FlinkCatalog paimon;
    private ResultCache cache;
    private final QueryHistory history = new QueryHistory(
            "s1", "test", QueryObserver.NONE, SessionClock.withNanoClock(System::nanoTime), 262_144, 2000);

    @BeforeEach
    void createSession() {
        session = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        session.executeSql(
                "create catalog paimon_itself with ('type' = 'paimon', 'warehouse' = '" + warehouse.toUri() + "')");
        paimon = (FlinkCatalog) session.getCatalog("paimon_itself").orElseThrow();
        session.registerCatalog("lake", new ObservedCatalog("lake", Map.of("warehouse", "w"), paimon));
        session.executeSql("create table lake.`default`.orders (id INT)");
        cache = cache(1 << 20);
    }

    @Test
    void answersARepeatedQueryFromTheResultOfItsLastCompleteRun() throws Exception {
        commit(1);
        SessionResultCache results = new SessionResultCache(cache, "s1");
        QueryTrace first = trace();

        run(results, first, List.of(Row.of(1L)));
        SessionResultCache.Lookup again =
                results.lookup(session, planned(TOTAL), SHARING, AccessCheck.NONE, 0, trace());

        assertThat(first.resultCache()).isEqualTo(ResultCacheResult.MISS);
        assertThat(again).isInstanceOfSatisfying(SessionResultCache.Hit.class, hit -> {
            assertThat(hit.rows().schema()).isEqualTo(SCHEMA);
            assertThat(hit.rows().cursor().next(10)).containsExactly(Row.of(1L));
        });
        assertThat(cache.stats().hits()).isEqualTo(1);
        assertThat(cache.stats().misses()).isEqualTo(1);
    }

    @Test
    void aNewSnapshotOutsideTheGatewayIsSeenBeforeAnyAnswer() throws Exception {
        commit(1);
        SessionResultCache results = new SessionResultCache(cache, "s1");
        run(results, trace(), List.of(Row.of(1L)));

        commit(2);

        assertThat(results.lookup(session, planned(TOTAL), SHARING, AccessCheck.NONE, 0, trace()))
                .isInstanceOf(SessionResultCache.Miss.class);
        assertThat(cache.stats().invalidations()).isEqualTo(1);
    }

    @Test
    void aRunDuringWhichTheDataChangedIsNotKept() throws Exception {
        commit(1);
        SessionResultCache results = new SessionResultCache(cache, "s1");
        QueryTrace trace = trace();
        SessionResultCache.Miss miss =
                (SessionResultCache.Miss) results.lookup(session, planned(TOTAL), SHARING, AccessCheck.NONE, 0, trace);
        miss.fill().beforeSubmit(session, dependencies(TOTAL));
        QueryRows rows = miss.fill().capturing(new ListedRows(List.of(Row.of(1L))), SCHEMA, session);

        commit(2);
        drain(rows);

        assertThat(trace.resultCache()).isEqualTo(ResultCacheResult.SKIP);
        assertThat(cache.stats().entries()).isZero();
    }

    @Test
    void aWriteThroughTheGatewayDropsTheEntryAtOnce() throws Exception {
        commit(1);
        SessionResultCache results = new SessionResultCache(cache, "s1");
        SessionResultCache writer = new SessionResultCache(cache, "s2");
        run(results, trace(), List.of(Row.of(1L)));

        writer.observingWrites(AccessCheck.NONE)
                .check(List.of(new DataAccess.TableUse(
                        ObjectIdentifier.of("lake", "default", "orders"),
                        DataAccess.Mode.WRITE,
                        Map.of(),
                        Map.of(),
                        false)));

        assertThat(cache.stats().entries()).isZero();
        assertThat(results.lookup(session, planned(TOTAL), SHARING, AccessCheck.NONE, 0, trace()))
                .isInstanceOf(SessionResultCache.Miss.class);
    }

    @Test
    void servesAnEntryOnlyToAUserWhoseCheckPassesForEveryTable() throws Exception {
        commit(1);
        SessionResultCache results = new SessionResultCache(cache, "s1");
        run(results, trace(), List.of(Row.of(1L)));
        AccessCheck refusing = accesses -> {
            throw new IllegalStateException("may not read " + ((DataAccess.TableUse) accesses.get(0)).table());
        };

        assertThatThrownBy(() -> new SessionResultCache(cache, "s2")
                        .lookup(session, planned(TOTAL), SHARING, refusing, 0, trace()))
                .hasMessage("may not read `lake`.`default`.`orders`");
    }

    @Test
    void aSessionWithObjectsOfItsOwnKeepsItsOwnEntries() throws Exception {
        commit(1);
        SessionResultCache own = new SessionResultCache(cache, "s1");
        PlanScope ownScope = new PlanScope("s1", 4, false);
        SessionResultCache.Miss miss =
                (SessionResultCache.Miss) own.lookup(session, planned(TOTAL), ownScope, AccessCheck.NONE, 0, trace());
        miss.fill().beforeSubmit(session, dependencies(TOTAL));
        drain(miss.fill().capturing(new ListedRows(List.of(Row.of(1L))), SCHEMA, session));

        assertThat(own.lookup(session, planned(TOTAL), ownScope, AccessCheck.NONE, 0, trace()))
                .isInstanceOf(SessionResultCache.Hit.class);
        assertThat(own.lookup(session, planned(TOTAL), SHARING, AccessCheck.NONE, 0, trace()))
                .isInstanceOf(SessionResultCache.Miss.class);
        cache.invalidateSession("s1");
        assertThat(own.lookup(session, planned(TOTAL), ownScope, AccessCheck.NONE, 0, trace()))
                .isInstanceOf(SessionResultCache.Miss.class);
    }

    @Test
    void keepsNoResultOverTheBoundPerEntryNorAChangelogNorAnUnfinishedRead() throws Exception {
        commit(1);
        cache = cache(512);
        SessionResultCache results = new SessionResultCache(cache, "s1");
        List<Row> many = new ArrayList<>();
        for (long i = 0; i < 100; i++) {
            many.add(Row.of(i));
        }
        run(results, trace(), many);
        assertThat(cache.stats().entries()).isZero();

        cache = cache(1 << 20);
        results = new SessionResultCache(cache, "s1");
        run(results, trace(), List.of(Row.ofKind(RowKind.UPDATE_AFTER, 1L)));
        assertThat(cache.stats().entries()).isZero();

        SessionResultCache.Miss miss = (SessionResultCache.Miss)
                results.lookup(session, planned(TOTAL), SHARING, AccessCheck.NONE, 0, trace());
        miss.fill().beforeSubmit(session, dependencies(TOTAL));
        QueryRows rows = miss.fill().capturing(new ListedRows(List.of(Row.of(1L), Row.of(2L))), SCHEMA, session);
        rows.next(1, Duration.ofSeconds(1));
        rows.close();
        assertThat(cache.stats().entries()).isZero();
    }

    @Test
    void answersAtMostTheRowsAsked() throws Exception {
        commit(1);
        SessionResultCache results = new SessionResultCache(cache, "s1");
        run(results, trace(), List.of(Row.of(1L), Row.of(2L), Row.of(3L)));

        SessionResultCache.Lookup limited =
                results.lookup(session, planned(TOTAL), SHARING, AccessCheck.NONE, 2, trace());

        assertThat(limited)
                .isInstanceOfSatisfying(
                        SessionResultCache.Hit.class,
                        hit -> assertThat(hit.rows().cursor().next(10)).containsExactly(Row.of(1L), Row.of(2L)));
    }

    private void run(SessionResultCache results, QueryTrace trace, List<Row> rows) {
        SessionResultCache.Lookup lookup = results.lookup(session, planned(TOTAL), SHARING, AccessCheck.NONE, 0, trace);
        assertThat(lookup).isInstanceOf(SessionResultCache.Miss.class);
        ResultFill fill = ((SessionResultCache.Miss) lookup).fill();
        fill.beforeSubmit(session, dependencies(TOTAL));
        drain(fill.capturing(new ListedRows(rows), SCHEMA, session));
    }

    private static void drain(QueryRows rows) {
        while (!rows.next(2, Duration.ofSeconds(1)).isEmpty()) {
            if (rows.isDone()) {
                break;
            }
        }
        rows.close();
    }

    private ResultDependencies dependencies(String sql) {
        try (QueryPlanning planning = new JobPlanCache(new PlanCacheConfig(true, 10), List.of("lake"))
                .startPlanning(session, AccessCheck.NONE)) {
            return ResultDependencies.of(
                    planning,
                    PushQueryPlanner.plan(session, sql, planning.check()).compile(Map.of("connector", "blackhole")));
        }
    }

    private static PlannedStatement planned(String sql) {
        return StatementPlanner.analyze(sql);
    }

    private QueryTrace trace() {
        return history.start(TOTAL, StatementKind.QUERY);
    }

    private static ResultCache cache(long maxEntryBytes) {
        return new ResultCache(
                new ResultCacheConfig(true, 1 << 20, maxEntryBytes, Duration.ZERO, Map.of()),
                System::nanoTime,
                Clock.systemUTC());
    }

    private void commit(int id) throws Exception {
        BatchWriteBuilder builder = paimon.catalog()
                .getTable(Identifier.create("default", "orders"))
                .newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            write.write(GenericRow.of(id));
            commit.commit(write.prepareCommit());
        }
    }

    /** Rows of a finished job, two at a time at most. */
    private static final class ListedRows implements QueryRows {
        private final List<Row> rows;
        private int position;

        ListedRows(List<Row> rows) {
            this.rows = rows;
        }

        @Override
        public List<Row> next(int maxRows, Duration timeout) {
            int end = Math.min(rows.size(), position + maxRows);
            List<Row> page = rows.subList(position, end);
            position = end;
            return page;
        }

        @Override
        public boolean isDone() {
            return position >= rows.size();
        }

        @Override
        public void close() {}
    }
}
