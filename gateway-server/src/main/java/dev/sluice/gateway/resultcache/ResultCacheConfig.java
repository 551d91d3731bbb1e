package dev.sluice.gateway.resultcache;

import dev.sluice.gateway.config.Checks;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.util.TimeUtils;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.sluice.gateway.resultcache.ResultCacheOptions.FILES_QUIET_PERIOD;
import static dev.sluice.gateway.resultcache.ResultCacheOptions.MAX_BYTES;
import static dev.sluice.gateway.resultcache.ResultCacheOptions.MAX_ENTRY_BYTES;
import static java.util.Objects.requireNonNull;

/**
 * The result cache's settings, validated.
 *
 * @param maxBytes estimated heap of all cached results
 * @param maxEntryBytes estimated heap of one cached result, at most {@code maxBytes}
 * @param filesQuietPeriod how long a filesystem table's files must have been unchanged for its results to be cached
 * @param catalogs the policy of each declared catalog that sets one
 */
public record ResultCacheConfig(
        boolean enabled,
        long maxBytes,
        long maxEntryBytes,
        Duration filesQuietPeriod,
        Map<String, CatalogCachePolicy> catalogs) {
    public ResultCacheConfig {
        requireNonNull(filesQuietPeriod, "filesQuietPeriod is null");
        catalogs = Map.copyOf(catalogs);
        Checks.check(maxBytes > 0, "%s must be positive, was %s bytes", MAX_BYTES.key(), maxBytes);
        Checks.check(
                maxEntryBytes > 0 && maxEntryBytes <= maxBytes,
                "%s must be positive and at most %s (%s bytes), was %s bytes",
                MAX_ENTRY_BYTES.key(),
                MAX_BYTES.key(),
                maxBytes,
                maxEntryBytes);
        Checks.check(
                !filesQuietPeriod.isNegative(),
                "%s must not be negative, was %s",
                FILES_QUIET_PERIOD.key(),
                filesQuietPeriod);
    }

    /** A cache that is off. */
    public static ResultCacheConfig disabled() {
        return new ResultCacheConfig(false, 1, 1, Duration.ZERO, Map.of());
    }

    /**
     * Reads the settings; every problem is reported in one exception.
     *
     * @param catalogNames the catalogs declared in {@code sluice.catalogs}, whose result-cache keys are read
     */
    public static ResultCacheConfig from(ReadableConfig config, List<String> catalogNames) {
        List<String> problems = new ArrayList<>();
        Map<String, CatalogCachePolicy> catalogs = new LinkedHashMap<>();
        Map<String, String> all = config.toMap();
        for (String catalog : catalogNames) {
            List<String> known = ResultCacheOptions.perCatalog(catalog).stream()
                    .map(ConfigOption::key)
                    .toList();
            String prefix = "sluice.catalog." + catalog + "." + ResultCacheOptions.CATALOG_SUBKEY;
            all.keySet().stream()
                    .filter(key -> key.startsWith(prefix) && !known.contains(key))
                    .sorted()
                    .forEach(key -> problems.add("Unknown option " + key + "; the result cache's options of a"
                            + " catalog are " + String.join(", ", known)));
            try {
                CatalogCachePolicy policy = policy(config, catalog);
                if (!policy.equals(CatalogCachePolicy.DEFAULT)) {
                    catalogs.put(catalog, policy);
                }
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        ResultCacheConfig read = null;
        try {
            read = new ResultCacheConfig(
                    config.get(ResultCacheOptions.ENABLED),
                    config.get(MAX_BYTES).getBytes(),
                    config.get(MAX_ENTRY_BYTES).getBytes(),
                    config.get(FILES_QUIET_PERIOD),
                    catalogs);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return read;
    }

    /** The policy of catalog {@code catalog}; the default for one that sets none or is not declared. */
    CatalogCachePolicy policyOf(String catalog) {
        return catalogs.getOrDefault(catalog, CatalogCachePolicy.DEFAULT);
    }

    private static CatalogCachePolicy policy(ReadableConfig config, String catalog) {
        ConfigOption<Duration> ttlOption = ResultCacheOptions.catalogTtl(catalog);
        Duration ttl = config.get(ttlOption);
        Checks.check(!ttl.isNegative(), "%s must not be negative, was %s", ttlOption.key(), ttl);
        ConfigOption<Map<String, String>> tablesOption = ResultCacheOptions.tableTtls(catalog);
        Map<String, Duration> tableTtls = new LinkedHashMap<>();
        config.get(tablesOption).forEach((table, value) -> {
            Checks.check(
                    table.split("\\.", -1).length == 2 && !table.startsWith(".") && !table.endsWith("."),
                    "%s names '%s', which is not database.table",
                    tablesOption.key(),
                    table);
            Duration tableTtl;
            try {
                tableTtl = TimeUtils.parseDuration(value.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(tablesOption.key() + " gives table " + table + " '" + value
                        + "', which is not a duration such as '30 s' or '5 min'");
            }
            Checks.check(
                    !tableTtl.isNegative(),
                    "%s gives table %s a negative duration, %s",
                    tablesOption.key(),
                    table,
                    value);
            tableTtls.put(table, tableTtl);
        });
        return new CatalogCachePolicy(config.get(ResultCacheOptions.catalogEnabled(catalog)), ttl, tableTtls);
    }
}
