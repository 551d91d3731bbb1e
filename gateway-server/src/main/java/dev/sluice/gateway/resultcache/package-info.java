/**
 * The gateway-wide result cache: the rows of a pushed batch query kept in memory, bounded in bytes, and served again
 * to a session that runs the same statement with the same options while the data behind it is unchanged
 * ({@link dev.sluice.gateway.resultcache.ResultCache}); the versions of that data, read from the systems that hold it
 * (a Paimon table's latest snapshot, a file system table's listing), or a time-to-live the administrator gives a
 * catalog or table whose data has no version; each session's way into the cache, and its options.
 */
@NullMarked
package dev.sluice.gateway.resultcache;

import org.jspecify.annotations.NullMarked;
