/**
 * {@code DatabaseMetaData} answered from a session's Flink catalogs in the gateway, without a job:
 * {@link dev.sluice.gateway.metadata.SessionCatalog} reads catalogs, databases, tables and their schemas, and
 * {@link dev.sluice.gateway.metadata.MetadataCache} keeps answers per session until a statement changes the catalogs.
 */
@NullMarked
package dev.sluice.gateway.metadata;

import org.jspecify.annotations.NullMarked;
