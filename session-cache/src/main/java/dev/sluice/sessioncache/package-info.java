/**
 * The cache of what talks to Flink session clusters: which clusters exist ({@link ClusterDefinition}, with their
 * admission bounds) and where their REST endpoints are, one REST cluster client per cluster reused for every call
 * ({@link CachedClusterClients}), with its stats, and the cluster's overview (slots, jobs).
 */
@NullMarked
package dev.sluice.sessioncache;

import org.jspecify.annotations.NullMarked;
