/**
 * {@code sluice-fastpath-bench}: what the planner saves. Statements answered in the gateway without a job
 * ({@code SELECT 1}, {@code DatabaseMetaData.getTables}) through Sluice's driver and the stock Avatica driver, and the
 * plan phase of the reference queries with the plan cache on and off.
 */
@NullMarked
package dev.sluice.bench.fastpath;

import org.jspecify.annotations.NullMarked;
