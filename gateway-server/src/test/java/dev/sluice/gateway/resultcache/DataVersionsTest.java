package dev.sluice.gateway.resultcache;

import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheConfig;
import dev.sluice.planner.cache.QueryPlanning;
import dev.sluice.planner.cache.ResultDependencies;
import dev.sluice.planner.catalog.ObservedCatalog;
import dev.sluice.planner.push.PushQueryPlanner;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.config.AggregatePhaseStrategy;
import org.apache.flink.table.api.config.OptimizerConfigOptions;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.flink.FlinkCatalog;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the versions of a result's data come from, on Flink's real plans over a real Paimon warehouse (written through
 * Paimon's own API, without a job), a declared catalog without versions, and temporary tables.
 */
final class DataVersionsTest {
    private static final String DATAGEN = " WITH ('connector'='datagen', 'number-of-rows'='1')";
    private static final Map<String, String> BLACKHOLE = Map.of("connector", "blackhole");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path warehouse;

    @TempDir
    Path files;

    private TableEnvironment session;
    private FlinkCatalog paimon;

    @BeforeEach
    void createSession() throws Exception {
        session = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        session.executeSql(
                "create catalog paimon_itself with ('type' = 'paimon', 'warehouse' = '" + warehouse.toUri() + "')");
        paimon = (FlinkCatalog) session.getCatalog("paimon_itself").orElseThrow();
        session.registerCatalog("lake", new ObservedCatalog("lake", Map.of("warehouse", "w"), paimon));
        session.executeSql("create table lake.`default`.orders (id INT, customer STRING)");
        session.registerCatalog(
                "feeds", new ObservedCatalog("feeds", Map.of(), new GenericInMemoryCatalog("feeds", "db")));
        session.executeSql("create table feeds.db.rates (id INT)" + DATAGEN);
        Files.writeString(files.resolve("a.csv"), "1,ada\n");
        Files.setLastModifiedTime(
                files.resolve("a.csv"), java.nio.file.attribute.FileTime.from(Instant.parse("2029-01-01T00:00:00Z")));
        session.executeSql("create temporary table local_files (id INT, customer STRING) with ('connector' ="
                + " 'filesystem', 'path' = '" + files + "', 'format' = 'csv')");
        session.executeSql("create temporary table generated (id INT)" + DATAGEN);
    }

    @Test
    void aPaimonTablesVersionIsItsLatestSnapshot() throws Exception {
        DataVersions.Versioned versioned =
                versioned(sources("select count(id) from lake.`default`.orders", ResultCacheConfig.disabled()));
        String empty = versioned.read().get(0).version();
        assertThat(versioned.ttl()).isNull();
        assertThat(empty).contains("no snapshot");

        commit(1, "ada");
        String first = versioned.read().get(0).version();
        assertThat(first).isNotEqualTo(empty).contains("snapshot 1 ");
        assertThat(versioned.read()).containsExactly(new DataVersions.TableVersion(orders(), first));

        commit(2, "grace");
        assertThat(versioned.read().get(0).version()).contains("snapshot 2 ");
    }

    @Test
    void aCountThatPaimonAnswersWhilePlanningIsNotCached() throws Exception {
        // written by a Flink job, whose files carry the row counts Paimon answers the count from; aggregated in two
        // phases, whose local phase Flink pushes into the source (it plans one phase where its statistics say the
        // table is small)
        session.executeSql("insert into lake.`default`.orders values (1, 'ada')")
                .await();
        session.getConfig()
                .set(OptimizerConfigOptions.TABLE_OPTIMIZER_AGG_PHASE_STRATEGY, AggregatePhaseStrategy.TWO_PHASE);

        assertThat(sources("select count(*) from lake.`default`.orders", ResultCacheConfig.disabled()))
                .isInstanceOfSatisfying(
                        DataVersions.Refused.class,
                        refused -> assertThat(refused.reason())
                                .contains("a source answered it while it was planned")
                                .contains("aggregates=["));
        assertThat(sources("select count(id) from lake.`default`.orders", ResultCacheConfig.disabled()))
                .isInstanceOf(DataVersions.Versioned.class);
    }

    @Test
    void aPaimonTableReadFromAnotherBranchHasNoVersion() {
        assertThat(sources(
                        "select count(id) from lake.`default`.orders /*+ OPTIONS('branch' = 'b1') */",
                        ResultCacheConfig.disabled()))
                .isInstanceOfSatisfying(
                        DataVersions.Refused.class,
                        refused -> assertThat(refused.reason()).contains("lake.default.orders has no version"));
    }

    @Test
    void aPaimonSystemTableIsCachedOnlyForItsTimeToLive() throws Exception {
        commit(1, "ada");
        String sql = "select count(*) from lake.`default`.`orders$snapshots`";

        assertThat(sources(sql, ResultCacheConfig.disabled())).isInstanceOf(DataVersions.Refused.class);
        DataVersions.Versioned versioned =
                versioned(sources(sql, withPolicy("lake", Duration.ZERO, "default.orders$snapshots", "20 s")));
        assertThat(versioned.tables()).isEmpty();
        assertThat(versioned.ttl()).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void aTableWithoutAVersionIsCachedForTheShortestTimeToLive() {
        String sql = "select count(*) from feeds.db.rates r join lake.`default`.orders o on r.id = o.id";

        assertThat(sources(sql, ResultCacheConfig.disabled()))
                .isInstanceOfSatisfying(
                        DataVersions.Refused.class,
                        refused -> assertThat(refused.reason())
                                .isEqualTo(
                                        "feeds.db.rates has no version the gateway can read (datagen) and no time-to-live"));
        DataVersions.Versioned versioned =
                versioned(sources(sql, withPolicy("feeds", Duration.ofMinutes(1), "db.rates", "40 s")));
        assertThat(versioned.tables())
                .extracting(DataVersions.TableSource::table)
                .containsExactly(orders());
        assertThat(versioned.ttl()).isEqualTo(Duration.ofSeconds(40));
    }

    @Test
    void aFunctionOfTheTimeNeedsACatalogsTimeToLive() {
        String sql = "select count(*) from lake.`default`.orders where id < second(current_timestamp)";

        assertThat(sources(sql, ResultCacheConfig.disabled()))
                .isInstanceOfSatisfying(
                        DataVersions.Refused.class,
                        refused -> assertThat(refused.reason())
                                .contains("CURRENT_TIMESTAMP")
                                .contains("none of its catalogs has a time-to-live"));
        DataVersions.Versioned versioned = versioned(sources(sql, withPolicy("lake", Duration.ofMinutes(5), "", "")));
        assertThat(versioned.tables()).hasSize(1);
        assertThat(versioned.ttl()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void aCatalogWithTheCacheOffRefusesTheResult() {
        ResultCacheConfig off = new ResultCacheConfig(
                true,
                1024,
                1024,
                Duration.ZERO,
                Map.of("lake", new CatalogCachePolicy(false, Duration.ZERO, Map.of())));

        assertThat(sources("select count(id) from lake.`default`.orders", off))
                .isInstanceOfSatisfying(
                        DataVersions.Refused.class,
                        refused -> assertThat(refused.reason()).isEqualTo("the result cache is off for catalog lake"));
    }

    @Test
    void aFilesystemTablesVersionIsItsListingAndATemporaryGeneratedTableHasNone() throws Exception {
        DataVersions.Versioned versioned =
                versioned(sources("select count(*) from local_files", ResultCacheConfig.disabled()));
        String before = versioned.read().get(0).version();
        Files.writeString(files.resolve("b.csv"), "2,grace\n");
        Files.setLastModifiedTime(
                files.resolve("b.csv"), java.nio.file.attribute.FileTime.from(Instant.parse("2029-01-01T00:00:00Z")));

        assertThat(before).startsWith("files 1 ");
        assertThat(versioned.read().get(0).version()).startsWith("files 2 ");
        assertThat(sources("select count(*) from generated", withPolicy("lake", Duration.ofMinutes(5), "", "")))
                .isInstanceOfSatisfying(
                        DataVersions.Refused.class,
                        refused -> assertThat(refused.reason())
                                .contains("default_catalog.default_database.generated has no version"));
    }

    private DataVersions.Sources sources(String sql, ResultCacheConfig config) {
        ResultDependencies dependencies;
        try (QueryPlanning planning = new JobPlanCache(new PlanCacheConfig(true, 10), List.of("lake", "feeds"))
                .startPlanning(session, AccessCheck.NONE)) {
            // compiled as the gateway compiles a pushed query, with another sink
            dependencies = ResultDependencies.of(
                    planning,
                    PushQueryPlanner.plan(session, sql, planning.check()).compile(BLACKHOLE));
        }
        return DataVersions.sources(session, dependencies, config, CLOCK);
    }

    private static DataVersions.Versioned versioned(DataVersions.Sources sources) {
        assertThat(sources).isInstanceOf(DataVersions.Versioned.class);
        return (DataVersions.Versioned) sources;
    }

    private static ResultCacheConfig withPolicy(String catalog, Duration ttl, String table, String tableTtl) {
        Map<String, Duration> tableTtls =
                table.isEmpty() ? Map.of() : Map.of(table, org.apache.flink.util.TimeUtils.parseDuration(tableTtl));
        return new ResultCacheConfig(
                true, 1024, 1024, Duration.ZERO, Map.of(catalog, new CatalogCachePolicy(true, ttl, tableTtls)));
    }

    private static ObjectIdentifier orders() {
        return ObjectIdentifier.of("lake", "default", "orders");
    }

    private void commit(int id, String customer) throws Exception {
        BatchWriteBuilder builder = paimon.catalog()
                .getTable(Identifier.create("default", "orders"))
                .newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            write.write(GenericRow.of(id, BinaryString.fromString(customer)));
            commit.commit(write.prepareCommit());
        }
    }
}
