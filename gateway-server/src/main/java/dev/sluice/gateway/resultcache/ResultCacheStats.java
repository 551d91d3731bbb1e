package dev.sluice.gateway.resultcache;

/**
 * What the result cache holds and did since the gateway started.
 *
 * @param hits queries answered from the cache
 * @param misses queries the cache was asked for and could not answer
 * @param bytes estimated heap of the entries held now
 * @param entries entries held now (a result kept under two keys counts twice)
 * @param evictions entries that went for room or at the end of their time-to-live
 * @param invalidations entries dropped because what they read changed, or was written through the gateway
 */
public record ResultCacheStats(long hits, long misses, long bytes, long entries, long evictions, long invalidations) {}
