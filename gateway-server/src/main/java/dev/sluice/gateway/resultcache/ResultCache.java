package dev.sluice.gateway.resultcache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.sluice.planner.cache.JobPlanKey;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import static java.util.Objects.requireNonNull;

/**
 * The gateway's cache of query results: complete results of pushed batch queries, bounded in estimated bytes (by
 * Caffeine's policy, those least likely to be asked again go first) and per entry, each served again while nothing behind it changed. Keyed as plans are
 * ({@link JobPlanKey}): the statement's normal form (a prepared statement's with its values bound), the options, and
 * the current catalog and database for results that sessions share, or the session and its state version for a
 * session's own.
 *
 * <p>This class holds the entries and the gateway's write clock; {@link SessionResultCache} decides, for one session,
 * whether an entry may be served and fills new ones. A write through the gateway to a table ({@link #written}) drops
 * the entries that read it at once and moves the table's write stamp, so that a run that overlapped the write never
 * becomes an entry. Thread-safe.
 */
public final class ResultCache {
    // write stamps kept per table before they are forgotten, and every run that started before that is refused
    private static final int MAX_WRITE_STAMPS = 10_000;

    private final ResultCacheConfig config;
    private final Clock wallClock;
    private final Cache<JobPlanKey, CachedResult> entries;
    private final AtomicLong writeClock = new AtomicLong();
    // the write clock when each table (catalog.database.table) or database (catalog.database) was last written
    private final Map<String, Long> writeStamps = new ConcurrentHashMap<>();
    // every run that started before this is refused: the stamps it would be checked against were forgotten
    private volatile long forgottenBefore;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder invalidations = new LongAdder();

    /**
     * @param ticker the clock of entries' time-to-live (the sessions' monotonic nanoseconds)
     * @param wallClock the clock that a file's modification time is compared with
     */
    public ResultCache(ResultCacheConfig config, Ticker ticker, Clock wallClock) {
        this.config = requireNonNull(config, "config is null");
        this.wallClock = requireNonNull(wallClock, "wallClock is null");
        this.entries = Caffeine.newBuilder()
                .maximumWeight(config.maxBytes())
                .weigher((JobPlanKey key, CachedResult result) -> (int) Math.min(Integer.MAX_VALUE, result.bytes()))
                .expireAfter(new TimeToLive())
                .ticker(requireNonNull(ticker, "ticker is null"))
                // maintenance on the calling thread: no thread is left behind
                .executor(Runnable::run)
                .recordStats()
                .build();
    }

    /** A cache that is off: finds nothing and keeps nothing. */
    public static ResultCache disabled() {
        return new ResultCache(ResultCacheConfig.disabled(), Ticker.systemTicker(), Clock.systemUTC());
    }

    /** Whether the gateway caches results; a session may still turn it off for itself. */
    public boolean isEnabled() {
        return config.enabled();
    }

    ResultCacheConfig config() {
        return config;
    }

    Clock wallClock() {
        return wallClock;
    }

    /** The entry under {@code key}, not yet checked. */
    @Nullable
    CachedResult find(JobPlanKey key) {
        return config.enabled() ? entries.getIfPresent(key) : null;
    }

    /** Drops {@code result}, found stale under {@code key}, unless another took its place meanwhile. */
    void invalidate(JobPlanKey key, CachedResult result) {
        if (entries.asMap().remove(key, result)) {
            invalidations.increment();
        }
    }

    /** Counts a query answered from the cache ({@code hit}) or not ({@code miss}). */
    void counted(boolean hit) {
        (hit ? hits : misses).increment();
    }

    /**
     * Keeps {@code result} under each of {@code keys}, unless one of its tables was written through the gateway since
     * its run started or it is larger than an entry may be.
     *
     * @return whether it was kept
     */
    boolean keep(Collection<JobPlanKey> keys, CachedResult result) {
        if (!config.enabled() || result.bytes() > config.maxEntryBytes() || writtenSince(result)) {
            return false;
        }
        keys.forEach(key -> entries.put(key, result));
        // a write that came between the check and the put has dropped what it found; this finds what it missed
        if (writtenSince(result)) {
            keys.forEach(key -> entries.asMap().remove(key, result));
            return false;
        }
        return true;
    }

    /** The write clock now: a run that starts now is stale if a table it reads is written after this. */
    long writeClock() {
        return writeClock.get();
    }

    /** Whether a table of {@code result} was written through the gateway after its run started. */
    boolean writtenSince(CachedResult result) {
        long since = result.filledEpoch();
        if (since < forgottenBefore) {
            return true;
        }
        for (ObjectIdentifier table : result.tables()) {
            if (writeStamps.getOrDefault(tableKey(table), 0L) > since
                    || writeStamps.getOrDefault(databaseKey(table), 0L) > since) {
                return true;
            }
        }
        return false;
    }

    /**
     * A statement of a session writes, alters or drops {@code tables} (or, where the table is null, the whole
     * database): drops the entries that read them and stamps them, before the statement runs and again when it ended.
     */
    void written(Collection<WrittenObject> objects) {
        if (objects.isEmpty()) {
            return;
        }
        long stamp = writeClock.incrementAndGet();
        if (writeStamps.size() + objects.size() > MAX_WRITE_STAMPS) {
            writeStamps.clear();
            forgottenBefore = stamp;
        }
        for (WrittenObject object : objects) {
            writeStamps.put(object.key(), stamp);
        }
        entries.asMap().entrySet().removeIf(entry -> {
            boolean stale = entry.getValue().tables().stream()
                    .anyMatch(table -> objects.stream().anyMatch(object -> object.covers(table)));
            if (stale) {
                invalidations.increment();
            }
            return stale;
        });
    }

    /** Drops the results of session {@code sessionId}, whose state changed or which closed; shared ones stay. */
    public void invalidateSession(String sessionId) {
        entries.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
    }

    /** What the cache holds and did, for {@code /metrics}. */
    public ResultCacheStats stats() {
        entries.cleanUp();
        return new ResultCacheStats(
                hits.sum(),
                misses.sum(),
                entries.policy().eviction().orElseThrow().weightedSize().orElse(0),
                entries.estimatedSize(),
                entries.stats().evictionCount(),
                invalidations.sum());
    }

    private static String tableKey(ObjectIdentifier table) {
        return table.getCatalogName() + "." + table.getDatabaseName() + "." + table.getObjectName();
    }

    private static String databaseKey(ObjectIdentifier table) {
        return table.getCatalogName() + "." + table.getDatabaseName();
    }

    /**
     * A table or database that a statement writes, alters or drops.
     *
     * @param table the table or view; null when the database itself changes
     */
    record WrittenObject(
            String catalog, String database, @Nullable String table) {
        WrittenObject {
            requireNonNull(catalog, "catalog is null");
            requireNonNull(database, "database is null");
        }

        String key() {
            return table == null ? catalog + "." + database : catalog + "." + database + "." + table;
        }

        boolean covers(ObjectIdentifier read) {
            return catalog.equals(read.getCatalogName())
                    && database.equals(read.getDatabaseName())
                    && (table == null || table.equals(read.getObjectName()));
        }
    }

    /** An entry lives as long as its time-to-live, or until it is evicted or found stale when it has none. */
    private static final class TimeToLive implements Expiry<JobPlanKey, CachedResult> {
        @Override
        public long expireAfterCreate(JobPlanKey key, CachedResult result, long currentTime) {
            return result.ttl() == null ? Long.MAX_VALUE : result.ttl().toNanos();
        }

        @Override
        public long expireAfterUpdate(JobPlanKey key, CachedResult result, long currentTime, long currentDuration) {
            return expireAfterCreate(key, result, currentTime);
        }

        @Override
        public long expireAfterRead(JobPlanKey key, CachedResult result, long currentTime, long currentDuration) {
            return currentDuration;
        }
    }
}
