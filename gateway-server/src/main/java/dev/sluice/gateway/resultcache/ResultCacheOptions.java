package dev.sluice.gateway.resultcache;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.MemorySize;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the result cache; reference: docs/configuration.md. */
public final class ResultCacheOptions {
    /** The part of a declared catalog's keys that is the result cache's, not the catalog's own options. */
    public static final String CATALOG_SUBKEY = "result-cache.";

    private static final String PREFIX = "sluice.result-cache.";
    private static final String CATALOG_PREFIX = "sluice.catalog.";

    public static final ConfigOption<Boolean> ENABLED = key(PREFIX + "enabled")
            .booleanType()
            .defaultValue(true)
            .withDescription("Keep the rows of pushed batch queries in the gateway's memory and answer the same"
                    + " statement again from there, without a job, while every table it read is unchanged: a Paimon"
                    + " table's latest snapshot, a filesystem table's files, the tables' definitions, checked before"
                    + " every answer. Shared by the sessions that created nothing of their own; served only to a user"
                    + " who may read every table behind it. A connection may turn it off for itself (a property of the"
                    + " JDBC URL or SET 'sluice.result-cache.enabled' = 'false'), not on when the gateway has it off;"
                    + " a catalog by sluice.catalog.<name>.result-cache.enabled.");

    public static final ConfigOption<MemorySize> MAX_BYTES = key(PREFIX + "max-bytes")
            .memoryType()
            .defaultValue(MemorySize.parse("64mb"))
            .withDescription("Estimated heap the cached results take at most, across all connections; beyond it,"
                    + " those least likely to be asked again go (Caffeine's frequency and recency policy).");

    public static final ConfigOption<MemorySize> MAX_ENTRY_BYTES = key(PREFIX + "max-entry-bytes")
            .memoryType()
            .defaultValue(MemorySize.parse("4mb"))
            .withDescription("Estimated heap one result may take to be cached; a larger result is answered and not"
                    + " kept. At most sluice.result-cache.max-bytes.");

    public static final ConfigOption<Duration> FILES_QUIET_PERIOD = key(PREFIX + "files.quiet-period")
            .durationType()
            .defaultValue(Duration.ofSeconds(5))
            .withDescription("A filesystem table is cached only while none of its files changed within this time"
                    + " before the query ran: a file still being written, or rewritten within the resolution of the"
                    + " file system's modification times, could otherwise look unchanged.");

    private ResultCacheOptions() {}

    /** Per declared catalog: {@code sluice.catalog.<name>.result-cache.enabled}. */
    public static ConfigOption<Boolean> catalogEnabled(String catalog) {
        return key(CATALOG_PREFIX + catalog + "." + CATALOG_SUBKEY + "enabled")
                .booleanType()
                .defaultValue(true)
                .withDescription("Whether results of queries that read a table of this catalog (listed in"
                        + " sluice.catalogs) may be cached, when sluice.result-cache.enabled is on.");
    }

    /** Per declared catalog: {@code sluice.catalog.<name>.result-cache.ttl}. */
    public static ConfigOption<Duration> catalogTtl(String catalog) {
        return key(CATALOG_PREFIX + catalog + "." + CATALOG_SUBKEY + "ttl")
                .durationType()
                .defaultValue(Duration.ZERO)
                .withDescription("How long a result may be served that reads a table of this catalog whose data has"
                        + " no version the gateway can read (not Paimon, not files: JDBC, Kafka, a Paimon system"
                        + " table, ...), or that calls a function of the time or of chance (CURRENT_TIMESTAMP, RAND()):"
                        + " such answers may be this old. 0 s: never cached.");
    }

    /** Per declared catalog: {@code sluice.catalog.<name>.result-cache.table-ttls}. */
    public static ConfigOption<Map<String, String>> tableTtls(String catalog) {
        return key(CATALOG_PREFIX + catalog + "." + CATALOG_SUBKEY + "table-ttls")
                .mapType()
                .defaultValue(Map.of())
                .withDescription("Time-to-live of single tables of this catalog, in place of its"
                        + " sluice.catalog.<name>.result-cache.ttl, as database.table:duration pairs (for example"
                        + " 'sales.rates:1 min,sales.fx:30 s'); 0 s: never cached.");
    }

    /** The per-catalog options of {@code catalog}. */
    public static List<ConfigOption<?>> perCatalog(String catalog) {
        return List.of(catalogEnabled(catalog), catalogTtl(catalog), tableTtls(catalog));
    }
}
