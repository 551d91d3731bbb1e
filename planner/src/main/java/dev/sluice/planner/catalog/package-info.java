/**
 * {@code DatabaseMetaData} answered from a session's Flink catalogs without a job:
 * {@link dev.sluice.planner.catalog.SessionCatalog} reads catalogs, databases, tables and their schemas, and
 * {@link dev.sluice.planner.catalog.MetadataCache} keeps answers per session until a statement changes the catalogs.
 */
@NullMarked
package dev.sluice.planner.catalog;

import org.jspecify.annotations.NullMarked;
