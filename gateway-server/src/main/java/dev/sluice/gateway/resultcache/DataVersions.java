package dev.sluice.gateway.resultcache;

import dev.sluice.planner.access.DataAccess;
import dev.sluice.planner.cache.ResultDependencies;
import dev.sluice.planner.catalog.ObservedCatalog;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.paimon.flink.FlinkCatalog;
import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * Where the versions of the data behind a query's result come from, table by table, or why the result may not be
 * cached:
 *
 * <ul>
 *   <li>a table of a Paimon catalog declared in the gateway's configuration: its latest snapshot
 *       ({@link PaimonSnapshots}), unless the query reads it from another branch than its own snapshots say;
 *   <li>a table of the {@code filesystem} connector, a session's temporary one too: the listing of its files
 *       ({@link FileListing});
 *   <li>any other table (JDBC, Kafka, datagen, a Paimon system table, a table of a catalog the session created):
 *       no version; its result is cached only for the time-to-live its declared catalog gives it;
 *   <li>a query that calls a function of the time or of chance is cached only for its catalogs' time-to-live.
 * </ul>
 *
 * A table of a declared catalog whose result cache is off refuses the result.
 */
final class DataVersions {
    private static final String CONNECTOR = "connector";
    private static final String FILESYSTEM = "filesystem";
    private static final String PAIMON = "paimon";
    // Paimon options under which a query reads data other than the table's own latest snapshot says
    private static final Set<String> OTHER_BRANCH = Set.of("branch", "scan.fallback-branch");

    private DataVersions() {}

    /** What {@link #sources} found: the tables' version sources, or why the result may not be cached. */
    sealed interface Sources permits Refused, Versioned {}

    /** The result may not be cached. */
    record Refused(String reason) implements Sources {
        Refused {
            requireNonNull(reason, "reason is null");
        }
    }

    /**
     * The sources of the versions of each table the result read.
     *
     * @param ttl how long the result may be served at most; null for as long as the versions hold
     */
    record Versioned(List<TableSource> tables, @Nullable Duration ttl) implements Sources {
        Versioned {
            tables = List.copyOf(tables);
        }

        /**
         * The versions of the tables' data now, in the order of {@link #tables}.
         *
         * @throws UnknownVersionException if one cannot be told now
         */
        List<TableVersion> read() {
            List<TableVersion> versions = new ArrayList<>(tables.size());
            for (TableSource table : tables) {
                versions.add(new TableVersion(table.table(), table.source().read()));
            }
            return versions;
        }
    }

    /** Where the version of the data of one table comes from. */
    record TableSource(ObjectIdentifier table, VersionSource source) {
        TableSource {
            requireNonNull(table, "table is null");
            requireNonNull(source, "source is null");
        }
    }

    /** The version of the data of one table at one moment. */
    record TableVersion(ObjectIdentifier table, String version) {
        TableVersion {
            requireNonNull(table, "table is null");
            requireNonNull(version, "version is null");
        }
    }

    /**
     * The version sources of what {@code dependencies} read, through the catalogs of {@code environment}'s session.
     * Opens no catalog the session has not opened; loads each Paimon table once.
     *
     * @throws UnknownVersionException if a table's version source cannot be found now
     */
    static Sources sources(
            TableEnvironment environment, ResultDependencies dependencies, ResultCacheConfig config, Clock clock) {
        Optional<String> refusal = dependencies.refusal();
        if (refusal.isPresent()) {
            return new Refused(refusal.get());
        }
        CatalogManager catalogs = TableEnvironmentInternals.catalogManager(environment);
        List<TableSource> tables = new ArrayList<>();
        Duration ttl = null;
        for (DataAccess.TableUse use : dependencies.tablesRead()) {
            ObjectIdentifier table = use.table();
            CatalogCachePolicy policy = config.policyOf(table.getCatalogName());
            if (!policy.enabled()) {
                return new Refused("the result cache is off for catalog " + table.getCatalogName());
            }
            Optional<VersionSource> source = versionSource(catalogs, use, config, clock);
            if (source.isPresent()) {
                tables.add(new TableSource(table, source.get()));
                continue;
            }
            Optional<Duration> tableTtl =
                    use.temporary() ? Optional.empty() : policy.ttlOf(table.getDatabaseName(), table.getObjectName());
            if (tableTtl.isEmpty()) {
                return new Refused(table.asSummaryString() + " has no version the gateway can read ("
                        + use.options().getOrDefault(CONNECTOR, "a table of catalog " + table.getCatalogName())
                        + ") and no time-to-live");
            }
            ttl = shorter(ttl, tableTtl.get());
        }
        Optional<String> timeDependence = dependencies.timeDependence();
        if (timeDependence.isPresent()) {
            Optional<Duration> catalogTtl = dependencies.tablesRead().stream()
                    .filter(use -> !use.temporary())
                    .map(use -> config.policyOf(use.table().getCatalogName()).catalogTtl())
                    .flatMap(Optional::stream)
                    .min(Duration::compareTo);
            if (catalogTtl.isEmpty()) {
                return new Refused(
                        "it calls " + timeDependence.get() + ", and none of its catalogs has a time-to-live");
            }
            ttl = shorter(ttl, catalogTtl.get());
        }
        return new Versioned(tables, ttl);
    }

    private static Optional<VersionSource> versionSource(
            CatalogManager catalogs, DataAccess.TableUse use, ResultCacheConfig config, Clock clock) {
        Map<String, String> options = use.options();
        if (FILESYSTEM.equals(options.get(CONNECTOR)) && options.containsKey("path")) {
            return Optional.of(new FileListing(options.get("path"), config.filesQuietPeriod(), clock));
        }
        if (use.temporary()
                || !PAIMON.equals(options.getOrDefault(CONNECTOR, PAIMON))
                || options.keySet().stream().anyMatch(OTHER_BRANCH::contains)) {
            return Optional.empty();
        }
        Optional<Catalog> catalog = catalogs.getCatalog(use.table().getCatalogName());
        if (catalog.isPresent()
                && catalog.get() instanceof ObservedCatalog observed
                && observed.unwrap() instanceof FlinkCatalog paimon) {
            return PaimonSnapshots.of(paimon.catalog(), use.table());
        }
        return Optional.empty();
    }

    private static Duration shorter(@Nullable Duration current, Duration other) {
        return current == null || other.compareTo(current) < 0 ? other : current;
    }
}
