package dev.sluice.gateway.resultcache;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * What the result cache may do with the tables of one catalog declared in the gateway's configuration.
 *
 * @param enabled whether a result that reads one of its tables may be cached at all
 * @param ttl how long a result may be served that reads a table without a data version, or calls a function of the
 *     time or of chance; zero for never
 * @param tableTtls the same, for single tables, by {@code database.table}, in place of {@code ttl}
 */
public record CatalogCachePolicy(boolean enabled, Duration ttl, Map<String, Duration> tableTtls) {
    /** A catalog nobody configured: cached while its tables' data versions are unchanged, nothing else. */
    static final CatalogCachePolicy DEFAULT = new CatalogCachePolicy(true, Duration.ZERO, Map.of());

    public CatalogCachePolicy {
        requireNonNull(ttl, "ttl is null");
        tableTtls = Map.copyOf(tableTtls);
    }

    /** The time-to-live of table {@code table} of database {@code database}; empty for none. */
    Optional<Duration> ttlOf(String database, String table) {
        Duration found = tableTtls.getOrDefault(database + "." + table, ttl);
        return found.isZero() ? Optional.empty() : Optional.of(found);
    }

    /** The catalog's own time-to-live, for a function of the time; empty for none. */
    Optional<Duration> catalogTtl() {
        return ttl.isZero() ? Optional.empty() : Optional.of(ttl);
    }
}
